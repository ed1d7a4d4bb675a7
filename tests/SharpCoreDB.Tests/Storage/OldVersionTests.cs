// Old page versions and the cache budget. A reader's snapshot pins the versions it
// may read; these tests hold one open while a writer rewrites many more pages than
// the cache holds, and check that memory stays within the budget (the pinned
// versions move to the spill file, encrypted when the database is), that the old
// reader still reads exactly its snapshot, and that when it ends every old version
// is dropped at once (not at the next checkpoint) and the spill file is emptied
// and, at close, deleted.
using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

public sealed class OldVersionTests() : TempDirectoryTests("scdb-versions-")
{
    private const int PageSize = 4096;
    private const int CachePages = 64;
    private const int Pages = 300;

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void ALongReaderKeepsItsSnapshotWithinTheCacheBudget(bool encrypted)
    {
        var fs = new RecordingFileSystem();
        using var engine = Open(fs, encrypted);
        var pages = new uint[Pages];
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            for (int i = 0; i < Pages; i++)
            {
                pages[i] = tx.Allocate(PageType.TableNode);
                Mark(tx.Write(pages[i]).Span, 0);
            }

            tx.Commit();
        }

        engine.Checkpoint();
        using var reader = engine.BeginRead();
        int peak = 0;
        for (int round = 1; round <= 4; round++)
        {
            foreach (uint page in pages)
            {
                using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
                Mark(tx.Write(page).Span, round);
                tx.Commit();
                peak = Math.Max(peak, engine.Cache.ImagesInMemory);
            }

            // Once a checkpoint has written the dirty pages, memory is back within the budget,
            // although the reader pins a version of every page.
            SpinWait.SpinUntil(() => !engine.CheckpointPending, TestTimeouts.Hang);
            engine.Checkpoint();
            Assert.True(engine.Cache.ImagesInMemory <= CachePages, $"{engine.Cache.ImagesInMemory} images in memory after a checkpoint; the budget is {CachePages}");
        }

        // Meanwhile it never held more than the budget plus one image per page a commit made dirty
        // (without moving pinned versions out it would hold the newest and the pinned one of every page).
        Assert.True(peak <= CachePages + Pages, $"{peak} images in memory; the budget is {CachePages} plus {Pages} dirty pages at most");
        Assert.True(engine.Cache.SpilledVersions > 0);
        foreach (uint page in pages)
        {
            Assert.Equal(0, Marker(reader.Read(page).Span));
        }

        using (var now = engine.BeginRead())
        {
            Assert.All(pages, page => Assert.Equal(4, Marker(now.Read(page).Span)));
        }

        // No plaintext reaches the spill file of an encrypted database.
        Assert.NotEmpty(fs.WritesTo(TemporaryFiles.VersionsPrefix));
        Assert.Equal(encrypted, !fs.WritesTo(TemporaryFiles.VersionsPrefix).Any(w => w.Data.AsSpan().IndexOf(MarkerBytes(0)) >= 0));

        reader.Dispose();
        Assert.Equal(0, engine.Cache.SpilledVersions);
        Assert.Equal(0, engine.Cache.ChainedPages);
        engine.Dispose();
        Assert.Empty(Directory.GetFiles(Dir.Path, TemporaryFiles.VersionsPrefix + "*"));
    }

    [Fact]
    public void VersionsOnlyAFinishedReaderNeededAreDroppedWhenItEnds()
    {
        using var engine = Open(new RecordingFileSystem(), encrypted: false);
        uint page;
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            page = tx.Allocate(PageType.TableNode);
            tx.Commit();
        }

        var reader = engine.BeginRead();
        for (int i = 1; i <= 50; i++)
        {
            using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
            Mark(tx.Write(page).Span, i);
            tx.Commit();
        }

        // The reader reads the first version, new readers the last: the 48 between are read by nobody.
        Assert.Equal(1, engine.Cache.ChainedPages);
        engine.Cache.PruneChained();
        Assert.Equal(engine.Cache.Count + 1, engine.Cache.ImagesInMemory);
        reader.Dispose();
        Assert.Equal(0, engine.Cache.ChainedPages);
        Assert.Equal(engine.Cache.Count, engine.Cache.ImagesInMemory);
    }

    private StorageEngine Open(IFileSystem fs, bool encrypted) => StorageEngine.Open(new StorageOptions
    {
        Path = Dir.File("v.scdb"),
        PageSize = PageSize,
        CacheSizeBytes = CachePages * PageSize,
        FileSystem = fs,
        CheckpointLogBytes = 1L << 40,
        Encryption = encrypted ? new EncryptionSettings { Key = new byte[32] } : null,
    });

    private static void Mark(Span<byte> body, long round) => MarkerBytes(round).CopyTo(body[64..]);

    private static long Marker(ReadOnlySpan<byte> body) =>
        body[64..80].SequenceEqual(MarkerBytes(BinaryPrimitives.ReadInt64LittleEndian(body[72..]))) ? BinaryPrimitives.ReadInt64LittleEndian(body[72..]) : -1;

    // A recognizable 16-byte pattern: "OLD-VERSION-" plus the round, so plaintext is easy to find.
    private static byte[] MarkerBytes(long round)
    {
        var bytes = new byte[16];
        "OLDVERS!"u8.CopyTo(bytes);
        BinaryPrimitives.WriteInt64LittleEndian(bytes.AsSpan(8), round);
        return bytes;
    }
}
