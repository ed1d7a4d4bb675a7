// VACUUM INTO writes a compacted copy to a new file: the copy opens on its own with
// every row, object and setting of the source, has no free page and no log or journal
// beside it, and the source is left as it was. The target is named by any text
// expression (a parameter too); an existing file is never overwritten; the copy is
// encrypted with the source's password unless the connection names another or none;
// it takes one snapshot and no writer lock, so a writer holding the lock neither
// blocks it nor gets its uncommitted rows into it; read-only connections may make one,
// and an in-memory database can be saved this way.
using SharpCoreDB.Data.Tests.EndToEnd;

namespace SharpCoreDB.Data.Tests.Maintenance;

public sealed class VacuumIntoTests
{
    [Fact]
    public void TheCopyHoldsEverythingCompactly()
    {
        using var database = new TestDatabase();
        string copy = database.Path + ".copy";
        File.WriteAllText(copy + "-vacuum", "left by a crashed attempt");
        using SharpCoreDBConnection connection = database.Open();
        VacuumTests.Fill(connection);
        connection.Checkpoint();
        List<string> before = VacuumTests.Rows(connection, VacuumTests.Everything);
        long sourceLength = new FileInfo(database.Path).Length;

        using (var command = new SharpCoreDBCommand("VACUUM INTO @file", connection))
        {
            command.Parameters.AddWithValue("file", copy);
            command.ExecuteNonQuery();
        }

        Assert.Equal(before, VacuumTests.Rows(connection, VacuumTests.Everything));
        Assert.Equal(sourceLength, new FileInfo(database.Path).Length);
        Assert.True(new FileInfo(copy).Length * 2 < sourceLength, $"copy {new FileInfo(copy).Length} bytes, source {sourceLength}");
        Assert.False(File.Exists(copy + "-vacuum"));
        Assert.False(File.Exists(copy + "-journal"));
        Assert.Empty(Directory.GetFileSystemEntries(Path.GetDirectoryName(copy)!, Path.GetFileName(copy) + "-wal*"));

        using var opened = new SharpCoreDBConnection($"Data Source={copy}");
        opened.Open();
        Assert.Equal(before, VacuumTests.Rows(opened, VacuumTests.Everything));
        Assert.Equal("ok", Statements.Scalar(opened, "PRAGMA integrity_check"));
        Assert.Equal(0, opened.GetStatistics().FreePageCount);
        Assert.Equal(42L, Statements.Scalar(opened, "PRAGMA user_version"));
        Statements.Run(opened, "INSERT INTO orders (customer) VALUES ('after the copy')");
        Assert.Equal(2001L, Statements.Scalar(opened, "SELECT max(id) FROM orders"));
    }

    [Fact]
    public void AnExistingFileIsNeverOverwrittenAndTheNameMustBeText()
    {
        using var database = new TestDatabase();
        string taken = database.Path + ".taken";
        File.WriteAllText(taken, "precious");
        using SharpCoreDBConnection connection = database.Open();
        Statements.Run(connection, "CREATE TABLE t (x); INSERT INTO t VALUES (1)");

        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, $"VACUUM INTO '{taken}'"));
        Assert.Equal("output file already exists", error.Message);
        Assert.Equal("precious", File.ReadAllText(taken));
        Assert.Equal("output file already exists", Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, $"VACUUM INTO '{database.Path}'")).Message);
        Assert.Equal("non-text filename", Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "VACUUM INTO 42")).Message);
        Assert.Equal("non-text filename", Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "VACUUM INTO NULL")).Message);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void TheCopyKeepsThePasswordUnlessToldOtherwise()
    {
        using var database = new TestDatabase(password: "s3cret");
        string same = database.Path + ".same", plain = database.Path + ".plain", other = database.Path + ".other";
        using SharpCoreDBConnection connection = database.Open();
        Statements.Run(connection, "CREATE TABLE secret (v TEXT); INSERT INTO secret VALUES ('launch code 0000')");
        Statements.Run(connection, $"VACUUM INTO '{same}'");
        connection.VacuumInto(plain, password: null);
        connection.VacuumInto(other, "another");

        Assert.Equal(-1, File.ReadAllBytes(same).AsSpan().IndexOf("launch code"u8));
        Assert.Equal(-1, File.ReadAllBytes(other).AsSpan().IndexOf("launch code"u8));
        Assert.Throws<SharpCoreDBException>(() => Open(same, null));
        Assert.Equal("launch code 0000", Read(same, "s3cret"));
        Assert.Equal("launch code 0000", Read(plain, null));
        Assert.Throws<SharpCoreDBException>(() => Open(other, "s3cret"));
        Assert.Equal("launch code 0000", Read(other, "another"));
    }

    [Fact]
    public void AWriterHoldingTheLockNeitherBlocksTheCopyNorLeaksIntoIt()
    {
        using var database = new TestDatabase(extra: ";Default Timeout=2");
        string copy = database.Path + ".copy";
        using SharpCoreDBConnection writer = database.Open();
        using SharpCoreDBConnection other = database.Open();
        Statements.Run(writer, "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)");
        using (SharpCoreDBTransaction tx = writer.BeginTransaction())
        {
            Statements.Run(writer, "INSERT INTO t VALUES (3)");
            Statements.Run(other, $"VACUUM INTO '{copy}'");
            tx.Commit();
        }

        Assert.Equal(3L, Statements.Scalar(writer, "SELECT count(*) FROM t"));
        using SharpCoreDBConnection opened = Open(copy, null);
        Assert.Equal(2L, Statements.Scalar(opened, "SELECT count(*) FROM t"));
    }

    [Fact]
    public void ReadOnlyAndInMemoryDatabasesCanBeCopied()
    {
        using var database = new TestDatabase();
        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, "CREATE TABLE t (x); INSERT INTO t VALUES ('kept')");
        }

        using (SharpCoreDBConnection readOnly = database.Open(";Mode=ReadOnly"))
        {
            Statements.Run(readOnly, $"VACUUM INTO '{database.Path}.fromreadonly'");
            Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => Statements.Run(readOnly, "VACUUM")).ErrorCode);
        }

        using (SharpCoreDBConnection memory = TestDatabase.OpenMemory())
        {
            Statements.Run(memory, "CREATE TABLE m (x); INSERT INTO m VALUES ('saved from memory')");
            Statements.Run(memory, $"VACUUM INTO '{database.Path}.frommemory'");
        }

        using SharpCoreDBConnection fromReadOnly = Open(database.Path + ".fromreadonly", null);
        Assert.Equal("kept", Statements.Scalar(fromReadOnly, "SELECT x FROM t"));
        using SharpCoreDBConnection fromMemory = Open(database.Path + ".frommemory", null);
        Assert.Equal("saved from memory", Statements.Scalar(fromMemory, "SELECT x FROM m"));
    }

    private static SharpCoreDBConnection Open(string path, string? password)
    {
        var connection = new SharpCoreDBConnection($"Data Source={path}" + (password is null ? "" : $";Password={password}"));
        connection.Open();
        return connection;
    }

    private static string Read(string path, string? password)
    {
        using SharpCoreDBConnection connection = Open(path, password);
        return (string)Statements.Scalar(connection, "SELECT v FROM secret")!;
    }
}
