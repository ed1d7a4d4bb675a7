// PageMap and PageSet (the engine's own hash map and set keyed by page number) agree
// with the framework's Dictionary after every step of long random runs of adds, sets,
// removals and clears, over keys that collide in their home slots and keys spread over
// the whole uint range, through growth and the backward shift of removal.
using SharpCoreDB.Storage.Collections;

namespace SharpCoreDB.Tests.Storage;

public sealed class PageMapTests
{
    [Theory]
    [InlineData(1, 64u)]
    [InlineData(2, 5_000u)]
    [InlineData(3, uint.MaxValue)]
    public void AgreesWithADictionaryThroughRandomChanges(int seed, uint keyRange)
    {
        var random = new Random(seed);
        var map = new PageMap<long>();
        var reference = new Dictionary<uint, long>();
        for (int step = 0; step < 20_000; step++)
        {
            uint page = (uint)random.NextInt64(0, (long)keyRange + 1);
            long value = random.NextInt64();
            switch (random.Next(100))
            {
                case < 40:
                    Assert.Equal(reference.TryAdd(page, value), map.TryAdd(page, value));
                    break;
                case < 55:
                    reference[page] = value;
                    map.Set(page, value);
                    break;
                case < 90:
                    Assert.Equal(reference.Remove(page), map.Remove(page));
                    break;
                case < 99:
                    Assert.Equal(reference.TryGetValue(page, out long expected), map.TryGetValue(page, out long actual));
                    Assert.Equal(expected, actual);
                    break;
                default:
                    reference.Clear();
                    map.Clear();
                    break;
            }

            Assert.Equal(reference.Count, map.Count);
            if (step % 997 == 0)
            {
                AssertSame(reference, map);
            }
        }

        AssertSame(reference, map);
    }

    [Fact]
    public void ASetAnswersAsAHashSet()
    {
        var set = new PageSet();
        Assert.True(set.Add(7));
        Assert.False(set.Add(7));
        Assert.True(set.Add(0));
        Assert.True(set.Contains(0) && set.Contains(7) && !set.Contains(8));
        var pages = new List<uint>();
        set.CopyTo(pages);
        Assert.Equal([0u, 7u], pages.Order());
        Assert.True(set.Remove(7));
        Assert.False(set.Remove(7));
        Assert.Equal(1, set.Count);
        set.Clear();
        Assert.Equal(0, set.Count);
        Assert.False(set.Contains(0));
    }

    private static void AssertSame(Dictionary<uint, long> reference, PageMap<long> map)
    {
        var seen = new Dictionary<uint, long>();
        foreach (var (page, value) in map)
        {
            Assert.True(seen.TryAdd(page, value), $"page {page} was enumerated twice");
        }

        Assert.Equal(reference.OrderBy(e => e.Key), seen.OrderBy(e => e.Key));
        foreach (var (page, value) in reference)
        {
            Assert.True(map.TryGetValue(page, out long actual) && actual == value, $"page {page}");
            Assert.True(map.ContainsKey(page));
        }
    }
}
