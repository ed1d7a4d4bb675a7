// A database file in a fresh temporary folder, deleted (with its log) afterwards,
// plus shortcuts to open connections on it. Async durability keeps tests fast
// where fsync timing is not what is tested.
namespace SharpCoreDB.Data.Tests.EndToEnd;

internal sealed class TestDatabase : IDisposable
{
    private readonly TempDirectory _folder = new("scdb-data-");

    public TestDatabase(string? password = null, string extra = "")
    {
        Path = _folder.File("test.scdb");
        ConnectionString = $"Data Source={Path}" + (password is null ? "" : $";Password={password}") + extra;
    }

    public string Path { get; }

    public string ConnectionString { get; }

    public SharpCoreDBConnection Open(string extra = "")
    {
        var connection = new SharpCoreDBConnection(ConnectionString + extra);
        connection.Open();
        return connection;
    }

    /// <summary>
    /// A connection opened after every pooled database is closed (ClearAllPools), so that this one reads the
    /// file again: what a test checks through it has survived a close and a reopen.
    /// </summary>
    public SharpCoreDBConnection Reopen(string extra = "")
    {
        SharpCoreDBConnection.ClearAllPools();
        return Open(extra);
    }

    public void Dispose()
    {
        SharpCoreDBConnection.ClearAllPools();
        _folder.Dispose();
    }

    /// <summary>A private in-memory connection, open.</summary>
    public static SharpCoreDBConnection OpenMemory()
    {
        var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        return connection;
    }
}
