// The connection string keys: canonical names, aliases, case-insensitivity,
// typed values, validation that names the bad key, and the options object.
using SharpCoreDB.Wal;

namespace SharpCoreDB.Data.Tests.Unit;

public sealed class ConnectionStringBuilderTests
{
    [Fact]
    public void DefaultsMatchTheOptionsDefaults()
    {
        var builder = new SharpCoreDBConnectionStringBuilder();
        var options = new SharpCoreDBOptions();
        Assert.Equal(options.Mode, builder.Mode);
        Assert.Equal(WalDurability.FullSync, builder.Durability);
        Assert.True(builder.UseGroupCommitWal);
        Assert.True(builder.Pooling);
        Assert.False(builder.PinFlushWorker);
        Assert.True(builder.ForeignKeys);
        Assert.Equal(30, builder.DefaultTimeout);
        Assert.Equal(8192, builder.PageSize);
        Assert.Equal(64L << 20, builder.CacheSize);
        Assert.Equal("", builder.ConnectionString);
    }

    [Fact]
    public void ParsesEveryKeyCaseInsensitively()
    {
        var builder = new SharpCoreDBConnectionStringBuilder(
            "data source=app.scdb;MODE=readwrite;password=s3cret;durability=async;usegroupcommitwal=false;" +
            "cache size=16MB;page size=16384;default timeout=5;pooling=no;pin flush worker=true;foreign keys=false");
        Assert.Equal("app.scdb", builder.DataSource);
        Assert.Equal(SharpCoreDBOpenMode.ReadWrite, builder.Mode);
        Assert.Equal("s3cret", builder.Password);
        Assert.Equal(WalDurability.Async, builder.Durability);
        Assert.False(builder.UseGroupCommitWal);
        Assert.Equal(16L << 20, builder.CacheSize);
        Assert.Equal(16384, builder.PageSize);
        Assert.Equal(5, builder.DefaultTimeout);
        Assert.False(builder.Pooling);
        Assert.True(builder.PinFlushWorker);
        Assert.False(builder.ForeignKeys);
    }

    [Theory]
    [InlineData("DataSource=x.db")]
    [InlineData("Filename=x.db")]
    [InlineData("File Name=x.db")]
    [InlineData("Data Source=x.db")]
    public void DataSourceAliases(string text) =>
        Assert.Equal("x.db", new SharpCoreDBConnectionStringBuilder(text).DataSource);

    [Fact]
    public void OtherAliasesResolveToTheirKeys()
    {
        var builder = new SharpCoreDBConnectionStringBuilder("Pwd=p;CacheSize=4096;PageSize=4096;Command Timeout=7;Group Commit=false;PinFlushWorker=1");
        Assert.Equal("p", builder.Password);
        Assert.Equal(4096, builder.CacheSize);
        Assert.Equal(4096, builder.PageSize);
        Assert.Equal(7, builder.DefaultTimeout);
        Assert.False(builder.UseGroupCommitWal);
        Assert.True(builder.PinFlushWorker);
    }

    [Fact]
    public void WritesCanonicalNames()
    {
        var builder = new SharpCoreDBConnectionStringBuilder { DataSource = "a.scdb", Mode = SharpCoreDBOpenMode.ReadOnly, PageSize = 4096 };
        Assert.Equal("Data Source=a.scdb;Mode=ReadOnly;Page Size=4096", builder.ConnectionString);
        var reparsed = new SharpCoreDBConnectionStringBuilder(builder.ConnectionString);
        Assert.Equal(SharpCoreDBOpenMode.ReadOnly, reparsed.Mode);
        Assert.Equal(4096, reparsed.PageSize);
    }

    [Fact]
    public void UnknownKeyThrowsNamingIt()
    {
        var e = Assert.Throws<ArgumentException>(() => new SharpCoreDBConnectionStringBuilder("Data Source=a;Pasword=x"));
        Assert.Contains("pasword", e.Message, StringComparison.OrdinalIgnoreCase);
        Assert.Equal("pasword", e.ParamName, ignoreCase: true);
    }

    [Theory]
    [InlineData("Mode=Sometimes", "Mode")]
    [InlineData("Mode=1", "Mode")]
    [InlineData("Durability=Never", "Durability")]
    [InlineData("UseGroupCommitWal=maybe", "UseGroupCommitWal")]
    [InlineData("Cache Size=lots", "Cache Size")]
    [InlineData("Cache Size=-5", "Cache Size")]
    [InlineData("Page Size=5000", "Page Size")]
    [InlineData("PageSize=1024", "Page Size")]
    [InlineData("Default Timeout=-1", "Default Timeout")]
    [InlineData("Pooling=sure", "Pooling")]
    [InlineData("PinFlushWorker=often", "Pin Flush Worker")]
    public void BadValueThrowsNamingTheKey(string text, string key)
    {
        var e = Assert.Throws<ArgumentException>(() => new SharpCoreDBConnectionStringBuilder(text));
        Assert.Contains($"'{key}'", e.Message);
    }

    [Fact]
    public void IndexerAndDictionaryContract()
    {
        var builder = new SharpCoreDBConnectionStringBuilder();
        builder["filename"] = "b.scdb";
        Assert.Equal("b.scdb", builder["Data Source"]);
        Assert.True(builder.ContainsKey("DataSource"));
        Assert.False(builder.ContainsKey("Server"));
        Assert.True(builder.TryGetValue("Mode", out object? mode));
        Assert.Equal(SharpCoreDBOpenMode.ReadWriteCreate, mode);
        Assert.False(builder.TryGetValue("Server", out _));
        Assert.True(builder.Remove("Filename"));
        Assert.Equal("", builder.DataSource);
        Assert.False(builder.Remove("Server"));
        builder["Page Size"] = 4096;
        builder["Page Size"] = null;
        Assert.Equal(8192, builder.PageSize);
        Assert.Equal(12, builder.Keys.Count);
        Assert.Equal(12, builder.Values.Count);
        builder.DataSource = "c";
        builder.Clear();
        Assert.Equal("", builder.ConnectionString);
    }

    [Fact]
    public void OptionsRoundTripThroughTheBuilder()
    {
        var options = new SharpCoreDBOptions
        {
            DataSource = "notes.scdb",
            Mode = SharpCoreDBOpenMode.ReadWrite,
            Password = "pw",
            Durability = WalDurability.Async,
            UseGroupCommitWal = false,
            CacheSize = 1 << 20,
            PageSize = 4096,
            DefaultTimeout = 3,
            Pooling = false,
            PinFlushWorker = true,
        };
        var builder = new SharpCoreDBConnectionStringBuilder(options);
        Assert.Equal(options, new SharpCoreDBConnectionStringBuilder(builder.ConnectionString).ToOptions());
    }

    [Fact]
    public void OptionsMapOntoStorageOptions()
    {
        var storage = new SharpCoreDBOptions
        {
            DataSource = "x.scdb",
            Mode = SharpCoreDBOpenMode.ReadWrite,
            Password = "pw",
            Durability = WalDurability.Async,
            UseGroupCommitWal = false,
            CacheSize = 123456,
            PageSize = 16384,
            PinFlushWorker = true,
        }.ToDatabaseOptions().Storage;
        Assert.Equal(Path.GetFullPath("x.scdb"), storage.Path);
        Assert.False(storage.CreateIfMissing);
        Assert.Equal("pw", storage.Encryption!.Password);
        Assert.Equal(WalDurability.Async, storage.Log.Durability);
        Assert.False(storage.Log.UseGroupCommit);
        Assert.Equal(123456, storage.CacheSizeBytes);
        Assert.Equal(16384, storage.PageSize);
        Assert.True(storage.Log.PinFlushWorker);
        Assert.False(new SharpCoreDBOptions { DataSource = "x.scdb" }.ToDatabaseOptions().Storage.Log.PinFlushWorker);

        var memory = new SharpCoreDBOptions { DataSource = ":memory:" }.ToDatabaseOptions().Storage;
        Assert.Null(memory.Path);
        Assert.Null(memory.Encryption);
        Assert.True(new SharpCoreDBOptions { DataSource = "x.scdb" }.ToDatabaseOptions().Storage.CreateIfMissing);
        Assert.Null(new SharpCoreDBOptions { DataSource = "shared", Mode = SharpCoreDBOpenMode.Memory }.ToDatabaseOptions().Storage.Path);
    }

    [Fact]
    public void OptionsValidateNamesTheSetting()
    {
        Assert.Contains("Data Source", Assert.Throws<ArgumentException>(() => new SharpCoreDBOptions().Validate()).Message);
        Assert.Contains("Page Size", Assert.Throws<ArgumentException>(() => new SharpCoreDBOptions { DataSource = "a", PageSize = 3000 }.Validate()).Message);
        Assert.Contains("Cache Size", Assert.Throws<ArgumentException>(() => new SharpCoreDBOptions { DataSource = "a", CacheSize = -1 }.Validate()).Message);
        Assert.Contains("Default Timeout", Assert.Throws<ArgumentException>(() => new SharpCoreDBOptions { DataSource = "a", DefaultTimeout = -1 }.Validate()).Message);
        new SharpCoreDBOptions { DataSource = ":memory:" }.Validate();
    }

    [Fact]
    public void OptionsTextHidesThePassword() =>
        Assert.DoesNotContain("hunter2", new SharpCoreDBOptions { DataSource = "a", Password = "hunter2" }.ToString());
}
