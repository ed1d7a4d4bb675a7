// The log's settings check themselves (WalOptions.Validate), once, for every caller:
// the defaults pass, each bad setting is refused naming that setting, and Open
// refuses before it touches a file.
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class WalOptionsTests
{
    // object: WalOptions is internal, and a public theory cannot name it.
    public static TheoryData<object, string> BadOptions => new()
    {
        { new WalOptions { BufferSize = WalOptions.MinBufferSize - 1 }, nameof(WalOptions.BufferSize) },
        { new WalOptions { BufferSize = WalOptions.MaxBufferSize + 1 }, nameof(WalOptions.BufferSize) },
        { new WalOptions { SegmentSize = WalOptions.MinSegmentSize - 1 }, nameof(WalOptions.SegmentSize) },
        { new WalOptions { FlushInterval = TimeSpan.Zero }, nameof(WalOptions.FlushInterval) },
        { new WalOptions { Durability = (WalDurability)42 }, nameof(WalOptions.Durability) },
        { new WalOptions { InitialLsn = -1 }, nameof(WalOptions.InitialLsn) },
        { new WalOptions { FileSystem = null! }, nameof(WalOptions.FileSystem) },
    };

    [Fact]
    public void The_defaults_and_the_limits_are_valid()
    {
        new WalOptions().Validate();
        new WalOptions { BufferSize = WalOptions.MinBufferSize, SegmentSize = WalOptions.MinSegmentSize }.Validate();
        new WalOptions { BufferSize = WalOptions.MaxBufferSize }.Validate();
    }

    [Theory]
    [MemberData(nameof(BadOptions))]
    public void A_bad_setting_is_refused_by_name_before_the_log_is_opened(object badOptions, string setting)
    {
        var options = (WalOptions)badOptions;
        Assert.Equal(setting, Assert.ThrowsAny<ArgumentException>(options.Validate).ParamName);

        var files = new MemoryFileSystem();
        Assert.ThrowsAny<ArgumentException>(() => WriteAheadLog.Open("bad.wal", options.FileSystem is null ? options : options with { FileSystem = files }));
        Assert.False(files.Exists("bad.wal"));
    }
}
