// The shell opens with the provider's own options: its defaults are the provider's
// but for the two choices the shell makes (no command timeout, no pooling), its
// connection options are parsed by the provider's connection string builder, and
// the help shows the provider's defaults rather than copies of them.
using SharpCoreDB.Cli.Options;
using SharpCoreDB.Data;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Cli.Tests.Unit;

public sealed class ConnectionSettingsTests
{
    [Fact]
    public void Without_options_the_shell_opens_with_the_provider_defaults_but_its_timeout_and_pooling()
    {
        SharpCoreDBOptions options = ArgumentParser.Parse([]).Connection.ToOptions();

        Assert.Equal(new SharpCoreDBOptions { DataSource = SharpCoreDBOptions.MemoryDataSource, DefaultTimeout = 0, Pooling = false }, options);
    }

    [Fact]
    public void Connection_options_become_the_options_the_same_connection_string_gives()
    {
        SharpCoreDBOptions options = ArgumentParser.Parse(
            ["--durability", "ASYNC", "--group-commit", "off", "--cache-size", "8", "--password", "pw", "--readonly", "app.scdb"]).Connection.ToOptions();

        var expected = new SharpCoreDBConnectionStringBuilder(
            "Data Source=app.scdb;Mode=ReadOnly;Password=pw;Durability=Async;Group Commit=false;Cache Size=8MB;Default Timeout=0;Pooling=false");
        Assert.Equal(expected.ToOptions(), options);
    }

    [Fact]
    public void Read_only_leaves_an_in_memory_database_writable_and_open_keeps_the_other_options()
    {
        ConnectionSettings settings = ArgumentParser.Parse(["--readonly", "--durability", "async"]).Connection;
        Assert.Equal(SharpCoreDBOpenMode.ReadWriteCreate, settings.ToOptions().Mode);

        SharpCoreDBOptions reopened = (settings with { File = "b.scdb", ReadOnly = false }).ToOptions();
        Assert.Equal("b.scdb", reopened.DataSource);
        Assert.Equal(WalDurability.Async, reopened.Durability);
    }

    [Fact]
    public void The_help_shows_the_provider_defaults()
    {
        var defaults = new SharpCoreDBOptions();
        Assert.Contains($"(default {SharpCoreDBOptions.DefaultCacheSizeBytes >> 20})", ArgumentParser.Usage);
        Assert.Contains($"(default {defaults.Durability})", ArgumentParser.Usage);
    }
}
