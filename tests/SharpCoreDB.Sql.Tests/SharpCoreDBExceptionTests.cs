using System.Data.Common;

namespace SharpCoreDB.Sql.Tests;

public class SharpCoreDBExceptionTests
{
    [Fact]
    public void IsADbExceptionCarryingItsCode()
    {
        DbException error = new SharpCoreDBException(SharpCoreDBErrorCode.Locked, "database.scdb is locked by another process");

        var typed = Assert.IsType<SharpCoreDBException>(error);
        Assert.Equal(SharpCoreDBErrorCode.Locked, typed.ErrorCode);
        Assert.True(error.IsTransient);
        Assert.Contains("locked", error.Message);
    }

    [Fact]
    public void CorruptionIsNotTransient()
    {
        var error = new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, "page 7 failed its checksum", new IOException());

        Assert.False(error.IsTransient);
        Assert.IsType<IOException>(error.InnerException);
    }
}
