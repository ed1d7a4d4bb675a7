// The process-wide registry of open databases: one instance per key, shared and
// reference counted, disposed the moment the last reference goes, idle sessions
// pooled and dropped with the database or by ClearPool, and password checks.

namespace SharpCoreDB.Data.Tests.Unit;

public sealed class OpenDatabaseRegistryTests
{
    private sealed class Tracked : IDisposable
    {
        public int Disposals { get; private set; }

        public void Dispose() => Disposals++;
    }

    [Fact]
    public void SharesOneDatabasePerKeyAndDisposesItWithTheLastRelease()
    {
        var registry = new OpenDatabaseRegistry<Tracked, Tracked>();
        int opened = 0;
        Tracked Open()
        {
            opened++;
            return new Tracked();
        }

        var first = registry.Acquire("/db/a", null, Open);
        var second = registry.Acquire("/db/a", null, Open);
        var other = registry.Acquire("/db/b", null, Open);
        Assert.Equal(2, opened);
        Assert.Same(first.Database, second.Database);
        Assert.Equal(2, registry.Count);

        first.Release(null, poolSession: false);
        first.Release(null, poolSession: false);
        Assert.True(registry.IsOpen("/db/a"));
        Assert.Equal(0, second.Database.Disposals);

        second.Release(null, poolSession: false);
        Assert.False(registry.IsOpen("/db/a"));
        Assert.Equal(1, second.Database.Disposals);

        var reopened = registry.Acquire("/db/a", null, Open);
        Assert.NotSame(first.Database, reopened.Database);
        Assert.Equal(3, opened);
        reopened.Release(null, false);
        other.Release(null, false);
        Assert.Equal(0, registry.Count);
    }

    [Fact]
    public void IdleSessionsArePooledWhileOpenAndDisposedWithTheDatabase()
    {
        var registry = new OpenDatabaseRegistry<Tracked, Tracked>();
        var a = registry.Acquire("k", null, () => new Tracked());
        var b = registry.Acquire("k", null, () => new Tracked());
        var session = new Tracked();
        a.Release(session, poolSession: true);
        Assert.Equal(0, session.Disposals);
        Assert.Same(session, b.TakeIdleSession());
        Assert.Null(b.TakeIdleSession());

        var c = registry.Acquire("k", null, () => new Tracked());
        c.Release(session, poolSession: true);
        var unpooled = new Tracked();
        b.Release(unpooled, poolSession: true);
        Assert.Equal(1, session.Disposals);
        Assert.Equal(1, unpooled.Disposals);
        Assert.Equal(0, registry.Count);
    }

    [Fact]
    public void ClearPoolAndClearAllPoolsDisposeIdleSessionsOnly()
    {
        var registry = new OpenDatabaseRegistry<Tracked, Tracked>();
        var holder = registry.Acquire("k", null, () => new Tracked());
        var s1 = new Tracked();
        var s2 = new Tracked();
        registry.Acquire("k", null, () => new Tracked()).Release(s1, true);
        registry.ClearPool("k");
        Assert.Equal(1, s1.Disposals);
        registry.Acquire("k", null, () => new Tracked()).Release(s2, true);
        registry.ClearAllPools();
        Assert.Equal(1, s2.Disposals);
        Assert.True(registry.IsOpen("k"));
        Assert.Equal(0, holder.Database.Disposals);
        holder.Release(null, false);
        Assert.Equal(1, holder.Database.Disposals);
    }

    [Fact]
    public void ASecondConnectionNeedsTheSamePassword()
    {
        var registry = new OpenDatabaseRegistry<Tracked, Tracked>();
        var lease = registry.Acquire("k", "right", () => new Tracked());
        var e = Assert.Throws<SharpCoreDBException>(() => registry.Acquire("k", "wrong", () => new Tracked()));
        Assert.Equal(SharpCoreDBErrorCode.WrongKey, e.ErrorCode);
        Assert.Throws<SharpCoreDBException>(() => registry.Acquire("k", null, () => new Tracked()));
        registry.Acquire("k", "right", () => new Tracked()).Release(null, false);
        lease.Release(null, false);
        Assert.Equal(0, registry.Count);
    }

    [Fact]
    public void AFailedOpenRegistersNothing()
    {
        var registry = new OpenDatabaseRegistry<Tracked, Tracked>();
        Assert.Throws<IOException>(() => registry.Acquire("k", null, () => throw new IOException("locked")));
        Assert.False(registry.IsOpen("k"));
    }
}
