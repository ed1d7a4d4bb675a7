// The command line: file and SQL arguments, connection options, output switches,
// bail, and the errors of bad values.
using SharpCoreDB.Cli.Options;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Cli.Tests.Unit;

public sealed class ArgumentParserTests
{
    [Fact]
    public void OptionsFileAndSqlArgumentsAreParsed()
    {
        ShellOptions options = ArgumentParser.Parse(
            ["--password", "pw", "--durability", "async", "--group-commit=false", "--cache-size", "16", "--readonly", "-json", "-noheader",
             "-bail", "off", "data.scdb", "SELECT 1", ".tables"]);

        Assert.Equal("data.scdb", options.Connection.File);
        Assert.Equal("pw", options.Connection.Password);
        Assert.Equal(WalDurability.Async, options.Connection.Options.Durability);
        Assert.False(options.Connection.Options.UseGroupCommitWal);
        Assert.Equal(16L << 20, options.Connection.Options.CacheSize);
        Assert.True(options.Connection.ReadOnly);
        Assert.Equal(OutputMode.Json, options.Mode);
        Assert.False(options.Headers);
        Assert.False(options.Bail);
        Assert.Equal(["SELECT 1", ".tables"], options.Commands);
        Assert.Equal(16L << 20, new SharpCoreDBConnectionStringBuilder(options.Connection.ToOptions()).CacheSize);
    }

    [Fact]
    public void WithoutAFileTheDatabaseIsInMemoryAndDefaultsApply()
    {
        ShellOptions options = ArgumentParser.Parse(["--bail"]);

        Assert.Null(options.Connection.File);
        Assert.Equal(":memory:", options.Connection.DisplayName);
        Assert.Equal(OutputMode.Table, options.Mode);
        Assert.True(options.Headers);
        Assert.True(options.Bail);
        Assert.Equal(WalDurability.FullSync, options.Connection.Options.Durability);
    }

    [Theory]
    [InlineData("--cache-size", "lots", "cache size")]
    [InlineData("--group-commit", "maybe", "true or false")]
    [InlineData("--mode", "xml", "unknown output mode")]
    public void BadValuesAreUsageErrors(string option, string value, string message)
    {
        UsageException error = Assert.Throws<UsageException>(() => ArgumentParser.Parse([option, value]));
        Assert.Contains(message, error.Message);
    }

    [Fact]
    public void UnknownOptionsAndMissingValuesAreUsageErrors()
    {
        Assert.Contains("unknown option", Assert.Throws<UsageException>(() => ArgumentParser.Parse(["--frobnicate"])).Message);
        Assert.Contains("needs a value", Assert.Throws<UsageException>(() => ArgumentParser.Parse(["--password"])).Message);
    }
}
