// The reader: every .NET type written through a parameter and read back through
// its getter and GetFieldValue<T>, declared types mapping to .NET types, field
// types stable across NULL rows, schema tables, streams and reader contracts.
using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ReaderTests
{
    private enum Mood : byte
    {
        Calm = 1,
        Busy = 9,
    }

    private static T RoundTrip<T>(string declaredType, T value)
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        new SharpCoreDBCommand($"CREATE TABLE t (v {declaredType})", connection).ExecuteNonQuery();
        using (var insert = new SharpCoreDBCommand("INSERT INTO t VALUES (@v)", connection))
        {
            insert.Parameters.AddWithValue("v", (object?)value ?? DBNull.Value);
            Assert.Equal(1, insert.ExecuteNonQuery());
        }

        using var select = new SharpCoreDBCommand("SELECT v FROM t", connection);
        using SharpCoreDBDataReader reader = select.ExecuteReader();
        Assert.True(reader.Read());
        return reader.GetFieldValue<T>(0);
    }

    [Fact]
    public void EveryTypeRoundTrips()
    {
        Assert.Equal(long.MinValue, RoundTrip("INTEGER", long.MinValue));
        Assert.Equal(int.MaxValue, RoundTrip("INTEGER", int.MaxValue));
        Assert.Equal((short)-7, RoundTrip("INTEGER", (short)-7));
        Assert.Equal((byte)255, RoundTrip("INTEGER", (byte)255));
        Assert.Equal(Math.PI, RoundTrip("REAL", Math.PI));
        Assert.Equal(1.5f, RoundTrip("REAL", 1.5f));
        Assert.Equal(79228162514264337593543950335m, RoundTrip("DECIMAL(29,0)", 79228162514264337593543950335m));
        Assert.Equal(-0.0001m, RoundTrip("DECIMAL(10,4)", -0.0001m));
        Assert.True(RoundTrip("BOOLEAN", true));
        Assert.Equal("héllo wörld ✓", RoundTrip("TEXT", "héllo wörld ✓"));
        Assert.Equal(new byte[] { 0, 1, 2, 255 }, RoundTrip("BLOB", new byte[] { 0, 1, 2, 255 }));
        var guid = Guid.NewGuid();
        Assert.Equal(guid, RoundTrip<Guid>("GUID", guid));
        var when = new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Utc).AddTicks(1234567);
        Assert.Equal(when, RoundTrip("DATETIME", when));
        var offset = new DateTimeOffset(2024, 6, 1, 12, 0, 0, TimeSpan.FromHours(2));
        Assert.Equal(offset, RoundTrip("DATETIME", offset));
        Assert.Equal(new DateOnly(1999, 12, 31), RoundTrip("DATE", new DateOnly(1999, 12, 31)));
        Assert.Equal(new TimeOnly(23, 59, 58, 123), RoundTrip("INTEGER", new TimeOnly(23, 59, 58, 123)));
        Assert.Equal(TimeSpan.FromHours(-30.5), RoundTrip("INTEGER", TimeSpan.FromHours(-30.5)));
        Assert.Equal(Mood.Busy, RoundTrip("INTEGER", Mood.Busy));
        Assert.Equal('z', RoundTrip("TEXT", 'z'));
        Assert.Null(RoundTrip<int?>("INTEGER", null));
        Assert.Equal(5, RoundTrip<int?>("INTEGER", 5));
    }

    [Fact]
    public void DeclaredTypesGiveTheirDotnetTypesEvenWhenTheFirstRowIsNull()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        new SharpCoreDBCommand("CREATE TABLE t (i INTEGER, r REAL, s VARCHAR(20), b BLOB, f BOOLEAN, d DATETIME, m DECIMAL(9,2))", connection).ExecuteNonQuery();
        new SharpCoreDBCommand("INSERT INTO t VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL)", connection).ExecuteNonQuery();
        using (var insert = new SharpCoreDBCommand("INSERT INTO t VALUES (1, 2.5, 'x', @b, TRUE, @d, 3.25)", connection))
        {
            insert.Parameters.AddWithValue("b", new byte[] { 7 });
            insert.Parameters.AddWithValue("d", new DateTime(2020, 1, 1));
            insert.ExecuteNonQuery();
        }

        Type[] expected = [typeof(long), typeof(double), typeof(string), typeof(byte[]), typeof(bool), typeof(DateTime), typeof(decimal)];
        using SharpCoreDBDataReader reader = new SharpCoreDBCommand("SELECT * FROM t", connection).ExecuteReader();
        Assert.Equal("VARCHAR(20)", reader.GetDataTypeName(2));
        Assert.True(reader.Read());
        for (int i = 0; i < expected.Length; i++)
        {
            Assert.Equal(expected[i], reader.GetFieldType(i));
            Assert.True(reader.IsDBNull(i));
            Assert.Equal(DBNull.Value, reader.GetValue(i));
        }

        Assert.True(reader.Read());
        for (int i = 0; i < expected.Length; i++)
        {
            Assert.Equal(expected[i], reader.GetFieldType(i));
            Assert.IsType(expected[i], reader.GetValue(i));
        }

        Assert.Equal(3.25m, reader.GetDecimal(6));
        Assert.True(reader.GetBoolean(4));
        Assert.Equal(new DateTime(2020, 1, 1), reader.GetDateTime(5));
    }

    [Fact]
    public void GuidColumnsReadAsGuidFromTheFirstRowAndKeepAGuidIn16Bytes()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        new SharpCoreDBCommand("CREATE TABLE t (id INTEGER PRIMARY KEY, g GUID, u uuid, x UNIQUEIDENTIFIER)", connection).ExecuteNonQuery();
        new SharpCoreDBCommand("INSERT INTO t (g, u, x) VALUES (NULL, NULL, NULL)", connection).ExecuteNonQuery();
        var id = Guid.NewGuid();
        using (var insert = new SharpCoreDBCommand("INSERT INTO t (g, u, x) VALUES (@g, @g, @g)", connection))
        {
            insert.Parameters.AddWithValue("g", id);
            insert.ExecuteNonQuery();
        }

        new SharpCoreDBCommand("INSERT INTO t (g, u, x) VALUES ('0f8fad5b-d9cb-469f-a165-70867728950e', NULL, 'not a guid')", connection).ExecuteNonQuery();

        using SharpCoreDBDataReader reader = new SharpCoreDBCommand("SELECT g, u, x, length(CAST(g AS BLOB)) FROM t ORDER BY id", connection).ExecuteReader();
        for (int i = 0; i < 3; i++)
        {
            Assert.Equal(typeof(Guid), reader.GetFieldType(i));
        }

        Assert.True(reader.Read());
        Assert.Equal(DBNull.Value, reader.GetValue(0));
        Assert.True(reader.Read());
        Assert.Equal([id, id, id], new[] { reader.GetValue(0), reader.GetValue(1), reader.GetValue(2) });
        Assert.Equal(16L, reader.GetInt64(3));
        Assert.True(reader.Read());
        Assert.Equal(Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"), reader.GetValue(0));
        Assert.Equal("not a guid", reader.GetValue(2));
        Assert.Equal(typeof(Guid), connection.GetSchema("Columns", ["t", "g"]).Rows[0]["DATA_TYPE_NET"]);
    }

    [Fact]
    public void StreamsReadersAndChunks()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        new SharpCoreDBCommand("CREATE TABLE t (b BLOB, s TEXT)", connection).ExecuteNonQuery();
        byte[] blob = Enumerable.Range(0, 5000).Select(i => (byte)i).ToArray();
        using (var insert = new SharpCoreDBCommand("INSERT INTO t VALUES (@b, @s)", connection))
        {
            insert.Parameters.AddWithValue("b", new MemoryStream(blob));
            insert.Parameters.AddWithValue("s", new string('q', 3000));
            insert.ExecuteNonQuery();
        }

        using SharpCoreDBDataReader reader = new SharpCoreDBCommand("SELECT b, s FROM t", connection).ExecuteReader(CommandBehavior.SequentialAccess);
        Assert.True(reader.Read());
        using (Stream stream = reader.GetStream(0))
        {
            var copy = new MemoryStream();
            stream.CopyTo(copy);
            Assert.Equal(blob, copy.ToArray());
        }

        Assert.Equal(blob.Length, reader.GetBytes(0, 0, null, 0, 0));
        var part = new byte[10];
        Assert.Equal(10, reader.GetBytes(0, 100, part, 0, 10));
        Assert.Equal(blob.AsSpan(100, 10).ToArray(), part);
        using (TextReader text = reader.GetTextReader(1))
        {
            Assert.Equal(3000, text.ReadToEnd().Length);
        }

        using Stream viaGeneric = reader.GetFieldValue<Stream>(0);
        Assert.Equal(5000, viaGeneric.Length);
        Assert.Equal(3000, reader.GetFieldValue<TextReader>(1).ReadToEnd().Length);
    }

    [Fact]
    public void LargeValuesReadByKeyThroughOnePreparedCommandAreEachTheirOwnArray()
    {
        // Records larger than a page are read from their overflow chain into a buffer that the
        // lookup reuses; every value handed out must still be a copy that later reads leave alone.
        using var database = new TestDatabase();
        byte[][] blobs = [Pattern(20_000, 1), Pattern(9_000, 2), Pattern(40, 3), Pattern(12_345, 4)];
        using (SharpCoreDBConnection connection = database.Open())
        {
            new SharpCoreDBCommand("CREATE TABLE p (id INTEGER PRIMARY KEY, tag INTEGER, data BLOB)", connection).ExecuteNonQuery();
            using var insert = new SharpCoreDBCommand("INSERT INTO p VALUES (@id, 0, @data)", connection);
            insert.Parameters.AddWithValue("id", 0L);
            insert.Parameters.AddWithValue("data", Array.Empty<byte>());
            for (int i = 0; i < blobs.Length; i++)
            {
                insert.Parameters["id"].Value = (long)i;
                insert.Parameters["data"].Value = blobs[i];
                insert.ExecuteNonQuery();
            }

            // An UPDATE reads each large record by rowid before rewriting it.
            Assert.Equal(blobs.Length, new SharpCoreDBCommand("UPDATE p SET tag = id * 10 WHERE id IN (3, 0, 2, 1)", connection).ExecuteNonQuery());
        }

        using (SharpCoreDBConnection connection = database.Open())
        {
            using var select = new SharpCoreDBCommand("SELECT data, tag FROM p WHERE id = @id", connection);
            select.Parameters.AddWithValue("id", 0L);
            select.Prepare();
            var read = new List<byte[]>();
            foreach (int id in new[] { 0, 1, 2, 3, 1, 0 })
            {
                select.Parameters["id"].Value = (long)id;
                using SharpCoreDBDataReader reader = select.ExecuteReader();
                Assert.True(reader.Read());
                read.Add((byte[])reader.GetValue(0));
                Assert.Equal(id * 10L, reader.GetInt64(1));
            }

            Assert.Equal([blobs[0], blobs[1], blobs[2], blobs[3], blobs[1], blobs[0]], read);
        }

        static byte[] Pattern(int length, int seed)
        {
            byte[] bytes = new byte[length];
            new Random(seed).NextBytes(bytes);
            return bytes;
        }
    }

    [Fact]
    public void SchemaTableDescribesBaseColumnsAndKeys()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        new SharpCoreDBCommand("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT UNIQUE, note TEXT NOT NULL)", connection).ExecuteNonQuery();
        using SharpCoreDBDataReader reader = new SharpCoreDBCommand("SELECT id, code AS c, note, 1 + 1 FROM t", connection).ExecuteReader(CommandBehavior.KeyInfo);
        DataTable schema = reader.GetSchemaTable()!;
        Assert.Equal(4, schema.Rows.Count);
        DataRow id = schema.Rows[0];
        Assert.True((bool)id[SchemaTableColumn.IsKey]);
        Assert.True((bool)id[SchemaTableOptionalColumn.IsAutoIncrement]);
        Assert.Equal("t", id[SchemaTableColumn.BaseTableName]);
        Assert.Equal(typeof(long), id[SchemaTableColumn.DataType]);
        DataRow code = schema.Rows[1];
        Assert.Equal("c", code[SchemaTableColumn.ColumnName]);
        Assert.Equal("code", code[SchemaTableColumn.BaseColumnName]);
        Assert.True((bool)code[SchemaTableColumn.IsUnique]);
        Assert.True((bool)code[SchemaTableColumn.IsAliased]);
        Assert.False((bool)schema.Rows[2][SchemaTableColumn.AllowDBNull]);
        Assert.True((bool)schema.Rows[3][SchemaTableColumn.IsExpression]);
        var columns = reader.GetColumnSchema();
        Assert.Equal(4, columns.Count);
        Assert.True(columns[0].IsKey);
        Assert.True(columns[0].IsAutoIncrement);
        Assert.Equal("t", columns[0].BaseTableName);
        Assert.Equal("code", columns[1].BaseColumnName);
        Assert.True(columns[1].IsUnique);
        Assert.False(columns[2].AllowDBNull);
        Assert.Equal("TEXT", columns[2].DataTypeName);
        Assert.True(columns[3].IsExpression);
    }

    [Fact]
    public void ReaderContract()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        new SharpCoreDBCommand("CREATE TABLE t (Name TEXT, n INTEGER)", connection).ExecuteNonQuery();
        new SharpCoreDBCommand("INSERT INTO t VALUES ('a', 1), ('b', NULL)", connection).ExecuteNonQuery();
        SharpCoreDBDataReader reader = new SharpCoreDBCommand("SELECT Name, n FROM t ORDER BY Name", connection).ExecuteReader();
        Assert.True(reader.HasRows);
        Assert.Equal(2, reader.FieldCount);
        Assert.Equal(0, reader.GetOrdinal("name"));
        Assert.Throws<IndexOutOfRangeException>(() => reader.GetOrdinal("missing"));
        Assert.Throws<InvalidOperationException>(() => reader.GetValue(0));
        Assert.True(reader.Read());
        Assert.Equal("a", reader["Name"]);
        Assert.Throws<IndexOutOfRangeException>(() => reader.GetValue(2));
        var values = new object[2];
        Assert.Equal(2, reader.GetValues(values));
        Assert.Equal(1L, values[1]);
        Assert.True(reader.Read());
        Assert.Throws<InvalidCastException>(() => reader.GetInt32(1));
        Assert.Null(reader.GetFieldValue<long?>(1));
        Assert.False(reader.Read());
        Assert.Equal(-1, reader.RecordsAffected);
        reader.Dispose();
        Assert.True(reader.IsClosed);
        Assert.Throws<InvalidOperationException>(() => reader.Read());

        using SharpCoreDBDataReader empty = new SharpCoreDBCommand("SELECT * FROM t WHERE n > 5", connection).ExecuteReader();
        Assert.False(empty.HasRows);
        Assert.False(empty.Read());
    }

    [Fact]
    public async Task AsyncReading()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        await new SharpCoreDBCommand("CREATE TABLE t (x INTEGER)", connection).ExecuteNonQueryAsync();
        Assert.Equal(3, await new SharpCoreDBCommand("INSERT INTO t VALUES (1), (2), (3)", connection).ExecuteNonQueryAsync());
        await using SharpCoreDBDataReader reader = await new SharpCoreDBCommand("SELECT x FROM t ORDER BY x; SELECT 9", connection).ExecuteReaderAsync();
        long sum = 0;
        while (await reader.ReadAsync())
        {
            sum += await reader.GetFieldValueAsync<long>(0);
        }

        Assert.Equal(6, sum);
        Assert.True(await reader.NextResultAsync());
        Assert.True(await reader.ReadAsync());
        Assert.Equal(9L, reader.GetInt64(0));
        using var cts = new CancellationTokenSource();
        cts.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => reader.ReadAsync(cts.Token));
    }
}
