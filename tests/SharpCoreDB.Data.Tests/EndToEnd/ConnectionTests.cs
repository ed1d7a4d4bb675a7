// Connections: state transitions and events, connection string validation at
// the point of use, open modes, in-memory sharing rules, password change, and the
// file being released the moment the last connection closes.
using System.Data;
using System.Data.Common;
using Dapper;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ConnectionTests
{
    [Fact]
    public void StateTransitionsRaiseEvents()
    {
        using var db = new TestDatabase();
        using var connection = new SharpCoreDBConnection(db.ConnectionString);
        var changes = new List<(ConnectionState, ConnectionState)>();
        connection.StateChange += (_, e) => changes.Add((e.OriginalState, e.CurrentState));
        Assert.Equal(ConnectionState.Closed, connection.State);
        connection.Open();
        Assert.Equal(ConnectionState.Open, connection.State);
        Assert.Throws<InvalidOperationException>(connection.Open);
        Assert.Throws<InvalidOperationException>(() => connection.ConnectionString = "Data Source=other");
        connection.Close();
        connection.Close();
        Assert.Equal(ConnectionState.Closed, connection.State);
        connection.Open();
        connection.Dispose();
        Assert.Equal(ConnectionState.Closed, connection.State);
        Assert.Equal(
            new[] { (ConnectionState.Closed, ConnectionState.Open), (ConnectionState.Open, ConnectionState.Closed), (ConnectionState.Closed, ConnectionState.Open), (ConnectionState.Open, ConnectionState.Closed) },
            changes);
        Assert.Equal("", connection.Database); // closed: no database, as ADO.NET specifies (open, it is "main")
        Assert.Equal(db.Path, connection.DataSource);
    }

    [Fact]
    public void BadConnectionStringsThrowNamingTheKey()
    {
        Assert.Contains("colour", Assert.Throws<ArgumentException>(() => new SharpCoreDBConnection("Data Source=a;Colour=red")).Message, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("Page Size", Assert.Throws<ArgumentException>(() => new SharpCoreDBConnection("Data Source=a;Page Size=1000")).Message);
        // No connection string at all is a misuse of the connection, not a bad key (ProviderConformanceTests).
        var connection = new SharpCoreDBConnection();
        Assert.Contains("Data Source", Assert.Throws<InvalidOperationException>(connection.Open).Message);
    }

    [Fact]
    public void ReadWriteAndReadOnlyNeedAnExistingFile()
    {
        using var db = new TestDatabase();
        var e = Assert.Throws<SharpCoreDBException>(() => db.Open(";Mode=ReadWrite"));
        Assert.Contains(db.Path, e.Message);
        Assert.Throws<SharpCoreDBException>(() => db.Open(";Mode=ReadOnly"));
        Assert.False(File.Exists(db.Path));
    }

    [Fact]
    public void ReadOnlyConnectionsReadButRefuseWrites()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection writer = db.Open())
        {
            writer.Execute("CREATE TABLE t (x INTEGER)");
            writer.Execute("INSERT INTO t VALUES (1)");
        }

        using SharpCoreDBConnection reader = db.Open(";Mode=ReadOnly");
        Assert.Equal(1L, reader.ExecuteScalar<long>("SELECT x FROM t"));
        var e = Assert.Throws<SharpCoreDBException>(() => reader.Execute("INSERT INTO t VALUES (2)"));
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, e.ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => reader.Execute("DROP TABLE t")).ErrorCode);
        Assert.Equal(1L, reader.ExecuteScalar<long>("SELECT COUNT(*) FROM t"));
    }

    [Fact]
    public void MemoryDatabasesArePrivateUnlessNamedWithModeMemory()
    {
        using SharpCoreDBConnection a = TestDatabase.OpenMemory();
        using SharpCoreDBConnection b = TestDatabase.OpenMemory();
        a.Execute("CREATE TABLE t (x INTEGER)");
        Assert.Throws<SharpCoreDBException>(() => b.Execute("SELECT * FROM t"));

        string name = "shared-" + Guid.NewGuid().ToString("N");
        using var s1 = new SharpCoreDBConnection($"Data Source={name};Mode=Memory");
        using var s2 = new SharpCoreDBConnection($"Data Source={name};Mode=Memory");
        s1.Open();
        s2.Open();
        s1.Execute("CREATE TABLE t (x INTEGER)");
        s1.Execute("INSERT INTO t VALUES (42)");
        Assert.Equal(42L, s2.ExecuteScalar<long>("SELECT x FROM t"));
        s1.Close();
        s2.Close();

        // The last connection closed: the shared database is gone.
        using var s3 = new SharpCoreDBConnection($"Data Source={name};Mode=Memory");
        s3.Open();
        Assert.Throws<SharpCoreDBException>(() => s3.Execute("SELECT * FROM t"));
    }

    [Fact]
    public void ConnectionsToOneFileShareTheDatabaseAndSeeEachOthersCommits()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection a = db.Open();
        using SharpCoreDBConnection b = db.Open();
        a.Execute("CREATE TABLE t (x INTEGER)");
        a.Execute("INSERT INTO t VALUES (7)");
        Assert.Equal(7L, b.ExecuteScalar<long>("SELECT x FROM t"));
        Assert.True(SharpCoreDBConnection.IsDatabaseOpen(db.Path));
    }

    [Fact]
    public void TheFileIsReleasedAsSoonAsTheLastConnectionCloses()
    {
        using var db = new TestDatabase();
        SharpCoreDBConnection a = db.Open();
        SharpCoreDBConnection b = db.Open();
        a.Execute("CREATE TABLE t (x INTEGER)");
        a.Dispose();
        Assert.True(SharpCoreDBConnection.IsDatabaseOpen(db.Path));
        b.Dispose();
        Assert.False(SharpCoreDBConnection.IsDatabaseOpen(db.Path));

        // Nothing holds the file: it opens exclusively, and it can be moved away.
        using (new FileStream(db.Path, FileMode.Open, FileAccess.ReadWrite, FileShare.None))
        {
        }

        string moved = db.Path + ".moved";
        File.Move(db.Path, moved);
        File.Move(moved, db.Path);
        using SharpCoreDBConnection again = db.Open();
        Assert.Equal(0L, again.ExecuteScalar<long>("SELECT COUNT(*) FROM t"));
    }

    [Fact]
    public void PoolingNeverKeepsTheFileOpenAndClearAllPoolsIsSafe()
    {
        using var db = new TestDatabase();
        for (int i = 0; i < 3; i++)
        {
            using SharpCoreDBConnection connection = db.Open(";Pooling=True");
            connection.Execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)");
        }

        Assert.False(SharpCoreDBConnection.IsDatabaseOpen(db.Path));
        using SharpCoreDBConnection held = db.Open();
        using (SharpCoreDBConnection pooled = db.Open())
        {
        }

        SharpCoreDBConnection.ClearPool(held);
        SharpCoreDBConnection.ClearAllPools();
        Assert.Equal(0L, held.ExecuteScalar<long>("SELECT COUNT(*) FROM t"));
    }

    [Fact]
    public void ChangePasswordReencryptsTheFile()
    {
        using var db = new TestDatabase(password: "old");
        using (SharpCoreDBConnection connection = db.Open())
        {
            connection.Execute("CREATE TABLE t (x INTEGER)");
            connection.Execute("INSERT INTO t VALUES (5)");
            connection.ChangePassword("new");
            Assert.Contains("Password=new", connection.ConnectionString);
        }

        Assert.Equal(SharpCoreDBErrorCode.WrongKey,
            Assert.Throws<SharpCoreDBException>(() => new SharpCoreDBConnection($"Data Source={db.Path};Password=old").Open()).ErrorCode);
        using var reopened = new SharpCoreDBConnection($"Data Source={db.Path};Password=new");
        reopened.Open();
        Assert.Equal(5L, reopened.ExecuteScalar<long>("SELECT x FROM t"));
    }

    [Fact]
    public void OptionsObjectOpensLikeAConnectionString()
    {
        using var db = new TestDatabase();
        using (var connection = new SharpCoreDBConnection(new SharpCoreDBOptions { DataSource = db.Path, DefaultTimeout = 9 }))
        {
            connection.Open();
            Assert.Equal(9, connection.CreateCommand().CommandTimeout);
            connection.Execute("CREATE TABLE t (x INTEGER)");
        }

        using var again = new SharpCoreDBConnection(new SharpCoreDBOptions { DataSource = db.Path, Mode = SharpCoreDBOpenMode.ReadWrite });
        again.Open();
        Assert.Equal(0L, again.ExecuteScalar<long>("SELECT COUNT(*) FROM t"));
    }

    [Fact]
    public void FactoryIsRegistrableAndCreatesProviderObjects()
    {
        DbProviderFactories.RegisterFactory(SharpCoreDBFactory.InvariantName, SharpCoreDBFactory.Instance);
        DbProviderFactory factory = DbProviderFactories.GetFactory(SharpCoreDBFactory.InvariantName);
        Assert.Same(SharpCoreDBFactory.Instance, factory);
        using DbConnection connection = factory.CreateConnection()!;
        connection.ConnectionString = "Data Source=:memory:";
        connection.Open();
        Assert.Same(factory, DbProviderFactories.GetFactory(connection)!);
        Assert.IsType<SharpCoreDBCommand>(factory.CreateCommand());
        Assert.IsType<SharpCoreDBParameter>(factory.CreateParameter());
        Assert.IsType<SharpCoreDBConnectionStringBuilder>(factory.CreateConnectionStringBuilder());
        Assert.IsType<SharpCoreDBBatch>(factory.CreateBatch());
        Assert.IsType<SharpCoreDBBatchCommand>(factory.CreateBatchCommand());
        Assert.True(factory.CanCreateBatch);
    }

    [Fact]
    public void GetSchemaListsTablesColumnsAndIndexes()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        connection.Execute("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born DATETIME)");
        connection.Execute("CREATE UNIQUE INDEX people_name ON people (name)");
        DataTable collections = connection.GetSchema();
        Assert.Contains(collections.Rows.Cast<DataRow>(), r => (string)r["CollectionName"] == "Indexes");
        DataTable tables = connection.GetSchema("Tables");
        Assert.Contains(tables.Rows.Cast<DataRow>(), r => (string)r["TABLE_NAME"] == "people");
        DataTable columns = connection.GetSchema("Columns", ["people"]);
        Assert.Equal(new[] { "id", "name", "born" }, columns.Rows.Cast<DataRow>().Select(r => (string)r["COLUMN_NAME"]).ToArray());
        Assert.Equal(typeof(DateTime), columns.Rows[2]["DATA_TYPE_NET"]);
        Assert.False((bool)columns.Rows[1]["IS_NULLABLE"]);
        Assert.True((bool)columns.Rows[0]["PRIMARY_KEY"]);
        DataTable indexes = connection.GetSchema("Indexes", ["people"]);
        DataRow index = indexes.Rows.Cast<DataRow>().Single(r => (string)r["INDEX_NAME"] == "people_name");
        Assert.True((bool)index["IS_UNIQUE"]);
        Assert.Throws<ArgumentException>(() => connection.GetSchema("Procedures"));
    }

    [Fact]
    public void GetSchemaListsForeignKeys()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        Statements.Run(connection, """
            CREATE TABLE parent (id INTEGER PRIMARY KEY, a INT, b INT, UNIQUE (a, b));
            CREATE TABLE child (id INTEGER PRIMARY KEY, pid INTEGER REFERENCES parent ON DELETE CASCADE, x INT, y INT,
                CONSTRAINT pair FOREIGN KEY (x, y) REFERENCES parent (a, b) ON UPDATE SET NULL DEFERRABLE INITIALLY DEFERRED)
            """);
        DataTable keys = connection.GetSchema("ForeignKeys", ["child"]);
        string[] rows = [.. keys.Rows.Cast<DataRow>().Select(r => string.Join("|", r.ItemArray.Select(v => v is DBNull ? "NULL" : Convert.ToString(v, System.Globalization.CultureInfo.InvariantCulture))))];
        Assert.Equal(
            [
                "main|child|pair|0|0|x|parent|a|SET NULL|NO ACTION|True",
                "main|child|pair|0|1|y|parent|b|SET NULL|NO ACTION|True",
                "main|child|fk_child_1|1|0|pid|parent|id|NO ACTION|CASCADE|False",
            ],
            rows);
        Assert.Equal(2, connection.GetSchema("ForeignKeys", ["child", "pair"]).Rows.Count);
        Assert.Empty(connection.GetSchema("ForeignKeys", ["parent"]).Rows.Cast<DataRow>());
        Assert.Contains("ForeignKeys", connection.GetSchema().Rows.Cast<DataRow>().Select(r => (string)r["CollectionName"]));
    }
}
