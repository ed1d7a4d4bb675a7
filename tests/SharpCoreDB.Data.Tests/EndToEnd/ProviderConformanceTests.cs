// What the ADO.NET specification asks of a provider where SharpCoreDB answered
// otherwise (issue 26's list from the specification suite): a reader over a statement
// without a result set refuses to read values (InvalidOperationException, not a bad
// ordinal) and has no schema table; a parameter reads DataRow values from their Current
// version by default; a closed connection has no server version and no database name;
// Open without a connection string is a misuse of the connection.
using System.Data;

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
}
