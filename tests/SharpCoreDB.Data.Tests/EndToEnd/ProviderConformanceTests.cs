// What the ADO.NET specification asks of a provider where SharpCoreDB answered
// otherwise (issue 26's list from the specification suite): a reader over a statement
// without a result set refuses to read values (InvalidOperationException, not a bad
// ordinal) and has no schema table; a parameter reads DataRow values from their Current
// version by default; a closed connection has no server version and no database name;
// Open without a connection string is a misuse of the connection; a command with an
// open reader cannot run again or change its text or connection; a parameter value of
// an unknown type is not supported and one never set is refused (DBNull is NULL);
// Stream and TextReader over NULL are an invalid cast; GetBytes/GetChars check the
// buffer offset; SingleRow ends the command after the first result; a disposed
// transaction throws ObjectDisposedException; errors carry their code as
// DbException.ErrorCode and a SQLSTATE.
using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ProviderConformanceTests
{
    [Fact]
    public void AReaderWithoutAResultSetRefusesToReadValues()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        Statements.Run(connection, "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)");
        using SharpCoreDBCommand delete = connection.CreateCommand();
        delete.CommandText = "DELETE FROM t";
        using SharpCoreDBDataReader reader = delete.ExecuteReader();

        Assert.Equal(0, reader.FieldCount);
        Assert.False(reader.Read());
        Assert.Equal(1, reader.RecordsAffected);
        Assert.Throws<InvalidOperationException>(() => reader.GetValue(0));
        Assert.Throws<InvalidOperationException>(() => reader.GetString(0));
        Assert.Throws<InvalidOperationException>(() => reader.IsDBNull(0));
        Assert.Throws<InvalidOperationException>(() => reader.GetValues(new object[1]));
        Assert.Null(reader.GetSchemaTable());
    }

    [Fact]
    public void AReaderWithAResultSetStillRefusesABadOrdinalAsOutOfRange()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        using SharpCoreDBCommand select = connection.CreateCommand();
        select.CommandText = "SELECT 1 AS one";
        using SharpCoreDBDataReader reader = select.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Throws<IndexOutOfRangeException>(() => reader.GetValue(1));
        Assert.Equal(1, reader.GetValues(new object[3]));
        Assert.NotNull(reader.GetSchemaTable());
    }

    [Fact]
    public void ParametersReadTheCurrentRowVersionByDefault() =>
        Assert.Equal(DataRowVersion.Current, new SharpCoreDBParameter().SourceVersion);

    [Fact]
    public void AClosedConnectionHasNoServerVersionAndNoDatabase()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        Assert.Equal("main", connection.Database);
        Assert.False(string.IsNullOrEmpty(connection.ServerVersion));

        connection.Close();
        Assert.Equal("", connection.Database);
        Assert.Throws<InvalidOperationException>(() => connection.ServerVersion);
    }

    [Fact]
    public void OpenWithoutAConnectionStringIsAMisuse()
    {
        using var connection = new SharpCoreDBConnection();
        Assert.Throws<InvalidOperationException>(connection.Open);
        using var noFile = new SharpCoreDBConnection("Password=x");
        Assert.Throws<ArgumentException>(noFile.Open);
    }

    [Fact]
    public void ACommandWithAnOpenReaderRefusesToRunOrChange()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT 1";
        using (SharpCoreDBDataReader reader = command.ExecuteReader())
        {
            Assert.Throws<InvalidOperationException>(() => command.ExecuteReader());
            Assert.Throws<InvalidOperationException>(() => command.ExecuteNonQuery());
            Assert.Throws<InvalidOperationException>(() => command.ExecuteScalar());
            Assert.Throws<InvalidOperationException>(() => command.CommandText = "SELECT 2");
            Assert.Throws<InvalidOperationException>(() => command.Connection = null);

            // Another command on the same connection may still read beside it.
            using SharpCoreDBCommand other = connection.CreateCommand();
            other.CommandText = "SELECT 3";
            Assert.Equal(3L, other.ExecuteScalar());
            Assert.True(reader.Read());
        }

        command.CommandText = "SELECT 2";
        Assert.Equal(2L, command.ExecuteScalar());

        // A reader that failed to start is closed, so the command stays usable.
        command.CommandText = "SELECT * FROM missing";
        Assert.Throws<SharpCoreDBException>(() => command.ExecuteReader());
        command.CommandText = "SELECT 4";
        Assert.Equal(4L, command.ExecuteScalar());
    }

    [Fact]
    public void ParameterValuesOfUnknownTypesAreNotSupportedAndUnsetValuesAreRefused()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT @p";
        SharpCoreDBParameter parameter = command.Parameters.Add(new SharpCoreDBParameter { ParameterName = "@p" });

        Assert.Throws<InvalidOperationException>(() => command.ExecuteScalar());
        parameter.Value = new object();
        Assert.Throws<NotSupportedException>(() => command.ExecuteScalar());
        Assert.Throws<NotSupportedException>(() => command.ExecuteNonQuery());
        parameter.Value = DBNull.Value;
        Assert.Equal(DBNull.Value, command.ExecuteScalar());
    }

    [Fact]
    public void AValueAGetterCannotHoldIsAnInvalidCast()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT 9223372036854775807, 'not a guid', '12x'";
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.IsType<OverflowException>(Assert.Throws<InvalidCastException>(() => reader.GetInt32(0)).InnerException);
        Assert.IsType<OverflowException>(Assert.Throws<InvalidCastException>(() => reader.GetFieldValue<short>(0)).InnerException);
        Assert.IsType<FormatException>(Assert.Throws<InvalidCastException>(() => reader.GetGuid(1)).InnerException);
        Assert.Throws<InvalidCastException>(() => reader.GetInt64(2));
        Assert.Equal(long.MaxValue, reader.GetInt64(0));
    }

    [Fact]
    public void ANullParameterNameIsNotFound()
    {
        using SharpCoreDBCommand command = new();
        command.Parameters.AddWithValue("@a", 1);
        Assert.Equal(-1, command.Parameters.IndexOf((string)null!));
        Assert.False(command.Parameters.Contains((string)null!));
        Assert.Equal(0, command.Parameters.IndexOf("a"));
    }

    [Fact]
    public void StreamsAndTextReadersOverNullAreAnInvalidCast()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT CAST(NULL AS BLOB), x'0102'";
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Throws<InvalidCastException>(() => reader.GetFieldValue<Stream>(0));
        Assert.Throws<InvalidCastException>(() => reader.GetFieldValue<TextReader>(0));
        Assert.Throws<InvalidCastException>(() => reader.GetStream(0));
        Assert.Null(reader.GetFieldValue<byte[]?>(0));
        using Stream stream = reader.GetFieldValue<Stream>(1);
        Assert.Equal(1, stream.ReadByte());
    }

    [Fact]
    public void GetBytesAndGetCharsCheckTheBufferOffset()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT x'01020304', 'ab¢d'";
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        Assert.True(reader.Read());

        Assert.Throws<ArgumentOutOfRangeException>(() => reader.GetBytes(0, 0, new byte[4], 5, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => reader.GetBytes(0, 0, new byte[4], -1, 4));
        Assert.ThrowsAny<ArgumentException>(() => reader.GetBytes(0, 0, new byte[4], 2, 3));
        Assert.Equal(0, reader.GetBytes(0, 0, new byte[4], 4, 0));
        var part = new byte[5];
        Assert.Equal(2, reader.GetBytes(0, 1, part, 2, 2));
        Assert.Equal(new byte[] { 0, 0, 2, 3, 0 }, part);

        Assert.Throws<ArgumentOutOfRangeException>(() => reader.GetChars(1, 0, new char[4], 5, 0));
        Assert.Equal(0, reader.GetChars(1, 0, new char[4], 4, 0));
        var chars = new char[6];
        Assert.Equal(4, reader.GetChars(1, 0, chars, 0, 6));
        Assert.Equal("ab¢d\0\0", new string(chars));
    }

    [Fact]
    public void SingleRowReadsOneRowOfTheFirstResultAndRunsNothingAfter()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE log (x INTEGER)");
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT 1 UNION SELECT 2; INSERT INTO log VALUES (1); SELECT 3";
        using (SharpCoreDBDataReader reader = command.ExecuteReader(CommandBehavior.SingleRow))
        {
            Assert.True(reader.Read());
            Assert.Equal(1L, reader.GetInt64(0));
            Assert.False(reader.Read());
            Assert.False(reader.NextResult());
        }

        using SharpCoreDBCommand count = connection.CreateCommand();
        count.CommandText = "SELECT count(*) FROM log";
        Assert.Equal(0L, count.ExecuteScalar());
    }

    [Fact]
    public void PrepareCompilesAndFailsForAMissingTableOrColumn()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE t (a INTEGER)");
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT a FROM missing";
        Assert.Equal(SharpCoreDBErrorCode.SemanticError, Assert.Throws<SharpCoreDBException>(command.Prepare).ErrorCode);
        command.CommandText = "SELECT b FROM t";
        Assert.Equal(SharpCoreDBErrorCode.SemanticError, Assert.Throws<SharpCoreDBException>(command.Prepare).ErrorCode);
        command.CommandText = "SELECT a FROM t";
        command.Prepare();
        Assert.Null(command.ExecuteScalar());
    }

    [Fact]
    public void ADisposedTransactionThrowsObjectDisposed()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        SharpCoreDBTransaction committed = connection.BeginTransaction();
        committed.Commit();
        Assert.Throws<InvalidOperationException>(committed.Commit);
        committed.Dispose();
        Assert.Throws<ObjectDisposedException>(committed.Rollback);

        SharpCoreDBTransaction open = connection.BeginTransaction();
        open.Dispose();
        Assert.Throws<ObjectDisposedException>(open.Commit);
        Assert.Throws<ObjectDisposedException>(open.Rollback);
        Assert.Null(connection.Transaction);
    }

    [Theory]
    [InlineData("SELEC 1", SharpCoreDBErrorCode.SyntaxError, "42601")]
    [InlineData("SELECT * FROM missing", SharpCoreDBErrorCode.SemanticError, "42000")]
    [InlineData("INSERT INTO t VALUES (1, 'a'); INSERT INTO t VALUES (1, 'b')", SharpCoreDBErrorCode.PrimaryKeyConstraint, "23505")]
    [InlineData("INSERT INTO t VALUES (2, NULL)", SharpCoreDBErrorCode.NotNullConstraint, "23502")]
    public void ErrorsCarryTheirCodeAsDbExceptionErrorCodeAndASqlState(string sql, SharpCoreDBErrorCode code, string sqlState)
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        DbException error = Assert.ThrowsAny<DbException>(() => command.ExecuteNonQuery());
        Assert.Equal((int)code, error.ErrorCode);
        Assert.Equal(sqlState, error.SqlState);
        Assert.False(error.IsTransient);
    }

    [Fact]
    public void EveryErrorCodeHasAFiveCharacterSqlStateAndOnlyWaitsAreTransient()
    {
        foreach (SharpCoreDBErrorCode code in Enum.GetValues<SharpCoreDBErrorCode>())
        {
            var error = new SharpCoreDBException(code, "m", new InvalidOperationException());
            Assert.Equal((int)code, ((DbException)error).ErrorCode);
            Assert.Matches("^[0-9A-Z]{5}$", error.SqlState);
            Assert.Equal(code is SharpCoreDBErrorCode.Busy or SharpCoreDBErrorCode.Locked or SharpCoreDBErrorCode.Timeout, error.IsTransient);
        }
    }
}
