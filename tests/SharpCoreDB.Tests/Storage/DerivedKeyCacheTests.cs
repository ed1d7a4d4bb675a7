// The cache of password-derived keys (Storage/Encryption/DerivedKeyCache): it answers
// only for the same password, salt and iteration count, keeps one key per file,
// forgets on request, and zeroes a key once its idle time passes unused, on its own
// timer, with nothing opening again. The clock is a manual one, so no test sleeps.
using SharpCoreDB.Storage.Encryption;

namespace SharpCoreDB.Tests.Storage;

public sealed class DerivedKeyCacheTests
{
    private static readonly byte[] Salt = [.. Enumerable.Range(1, 16).Select(static i => (byte)i)];
    private static readonly byte[] Kek = [.. Enumerable.Range(100, 32).Select(static i => (byte)i)];
    private static readonly TimeSpan Idle = TimeSpan.FromMinutes(5);

    [Fact]
    public void AnswersOnlyForTheSamePasswordSaltAndIterations()
    {
        using var cache = new DerivedKeyCache(new ManualClock());
        cache.Put("/db/a.scdb", Salt, 1000, "secret", Kek, Idle);
        var found = new byte[32];

        Assert.True(cache.TryGet(Salt, 1000, "secret", found));
        Assert.Equal(Kek, found);
        Assert.False(cache.TryGet(Salt, 1000, "Secret", new byte[32]));
        Assert.False(cache.TryGet(Salt, 1001, "secret", new byte[32]));
        byte[] otherSalt = [.. Salt];
        otherSalt[0] ^= 1;
        Assert.False(cache.TryGet(otherSalt, 1000, "secret", new byte[32]));
        Assert.Equal(1, cache.Hits);
    }

    [Fact]
    public void KeepsOneKeyPerFileAndForgetsOnRequest()
    {
        using var cache = new DerivedKeyCache(new ManualClock());
        byte[] newSalt = [.. Salt.Reverse()];
        cache.Put("/db/a.scdb", Salt, 1000, "old", Kek, Idle);
        cache.Put("/db/a.scdb", newSalt, 1000, "new", Kek, Idle);
        cache.Put("/db/b.scdb", Salt, 1000, "b", Kek, Idle);

        Assert.Equal(2, cache.Count);
        Assert.False(cache.TryGet(Salt, 1000, "old", new byte[32]));
        Assert.True(cache.TryGet(newSalt, 1000, "new", new byte[32]));

        cache.Forget("/db/a.scdb");
        Assert.False(cache.TryGet(newSalt, 1000, "new", new byte[32]));
        Assert.True(cache.TryGet(Salt, 1000, "b", new byte[32]));

        cache.Clear();
        Assert.Equal(0, cache.Count);
    }

    [Fact]
    public void AZeroIdleTimeKeepsNothing()
    {
        using var cache = new DerivedKeyCache(new ManualClock());
        cache.Put("/db/a.scdb", Salt, 1000, "secret", Kek, TimeSpan.Zero);
        Assert.Equal(0, cache.Count);
    }

    [Fact]
    public void UseRestartsTheIdleTimeAndTheTimerDropsAnUnusedKey()
    {
        var clock = new ManualClock();
        using var cache = new DerivedKeyCache(clock);
        cache.Put("/db/a.scdb", Salt, 1000, "secret", Kek, Idle);

        clock.Advance(TimeSpan.FromMinutes(4));
        Assert.True(cache.TryGet(Salt, 1000, "secret", new byte[32]));
        clock.Advance(TimeSpan.FromMinutes(4));
        Assert.Equal(1, cache.Count);
        Assert.True(cache.TryGet(Salt, 1000, "secret", new byte[32]));

        // Nobody asks again: the timer alone drops it once five minutes pass since the last use.
        clock.Advance(TimeSpan.FromMinutes(4));
        Assert.Equal(1, cache.Count);
        clock.Advance(TimeSpan.FromMinutes(2));
        Assert.Equal(0, cache.Count);
        Assert.False(cache.TryGet(Salt, 1000, "secret", new byte[32]));
    }

    [Fact]
    public void AnExpiredKeyIsNotReturnedEvenBeforeTheTimerRuns()
    {
        var clock = new ManualClock { FireTimers = false };
        using var cache = new DerivedKeyCache(clock);
        cache.Put("/db/a.scdb", Salt, 1000, "secret", Kek, Idle);
        clock.Advance(Idle);
        Assert.False(cache.TryGet(Salt, 1000, "secret", new byte[32]));
        Assert.Equal(0, cache.Count);
    }

    // A clock the test moves by hand; its timers fire when it passes their due time.
    private sealed class ManualClock : TimeProvider
    {
        private readonly List<ManualTimer> _timers = [];

        public long Now { get; private set; }

        public bool FireTimers { get; init; } = true;

        public override long TimestampFrequency => TimeSpan.TicksPerSecond;

        public override long GetTimestamp() => Now;

        public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
        {
            var timer = new ManualTimer(this, callback, state);
            timer.Change(dueTime, period);
            _timers.Add(timer);
            return timer;
        }

        public void Advance(TimeSpan by)
        {
            Now += by.Ticks;
            if (FireTimers)
            {
                foreach (ManualTimer timer in _timers.ToList())
                {
                    timer.FireIfDue(Now);
                }
            }
        }

        private sealed class ManualTimer(ManualClock clock, TimerCallback callback, object? state) : ITimer
        {
            private long? _due;

            public bool Change(TimeSpan dueTime, TimeSpan period)
            {
                _due = dueTime == Timeout.InfiniteTimeSpan ? null : clock.Now + dueTime.Ticks;
                return true;
            }

            public void FireIfDue(long now)
            {
                if (_due is long due && due <= now)
                {
                    _due = null;
                    callback(state);
                }
            }

            public void Dispose() => _due = null;

            public ValueTask DisposeAsync()
            {
                _due = null;
                return ValueTask.CompletedTask;
            }
        }
    }
}
