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
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

public sealed class OldVersionTests : IDisposable
{
    private const int PageSize = 4096;
    private const int CachePages = 64;
    private const int Pages = 300;
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(10);
    private readonly string _dir = Directory.CreateTempSubdirectory("scdb-versions-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void ALongReaderKeepsItsSnapshotWithinTheCacheBudget(bool encrypted)
    {
        var fs = new RecordingFileSystem();
        using var engine = Open(fs, encrypted);
        var pages = new uint[Pages];
        using (var tx = engine.BeginWrite(Timeout))
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
                using var tx = engine.BeginWrite(Timeout);
                Mark(tx.Write(page).Span, round);
                tx.Commit();
                peak = Math.Max(peak, engine.Cache.ImagesInMemory);
            }

            // Once a checkpoint has written the dirty pages, memory is back within the budget,
            // although the reader pins a version of every page.
            SpinWait.SpinUntil(() => !engine.CheckpointPending, Timeout);
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
        Assert.True(fs.WrittenTo(TemporaryFiles.VersionsPrefix) > 0);
        Assert.Equal(encrypted, !fs.Contains(TemporaryFiles.VersionsPrefix, MarkerBytes(0)));

        reader.Dispose();
        Assert.Equal(0, engine.Cache.SpilledVersions);
        Assert.Equal(0, engine.Cache.ChainedPages);
        engine.Dispose();
        Assert.Empty(Directory.GetFiles(_dir, TemporaryFiles.VersionsPrefix + "*"));
    }

    [Fact]
    public void VersionsOnlyAFinishedReaderNeededAreDroppedWhenItEnds()
    {
        using var engine = Open(new RecordingFileSystem(), encrypted: false);
        uint page;
        using (var tx = engine.BeginWrite(Timeout))
        {
            page = tx.Allocate(PageType.TableNode);
            tx.Commit();
        }

        var reader = engine.BeginRead();
        for (int i = 1; i <= 50; i++)
        {
            using var tx = engine.BeginWrite(Timeout);
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
        Path = Path.Combine(_dir, "v.scdb"),
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

    // The real file system, remembering what was written to files whose name contains a given text.
    private sealed class RecordingFileSystem : IFileSystem
    {
        private readonly List<(string Path, byte[] Data)> _writes = [];

        public IStorageFile Open(string path, StorageFileMode mode) => new File(this, OsFileSystem.Instance.Open(path, mode));

        public bool Exists(string path) => OsFileSystem.Instance.Exists(path);

        public void Delete(string path) => OsFileSystem.Instance.Delete(path);

        public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern) => OsFileSystem.Instance.EnumerateFiles(directoryPath, searchPattern);

        public int WrittenTo(string nameContains)
        {
            lock (_writes)
            {
                return _writes.Count(w => Path.GetFileName(w.Path).Contains(nameContains, StringComparison.Ordinal));
            }
        }

        public bool Contains(string nameContains, byte[] pattern)
        {
            lock (_writes)
            {
                return _writes.Any(w => Path.GetFileName(w.Path).Contains(nameContains, StringComparison.Ordinal) && w.Data.AsSpan().IndexOf(pattern) >= 0);
            }
        }

        private sealed class File(RecordingFileSystem fs, IStorageFile inner) : IStorageFile
        {
            public string Path => inner.Path;

            public long Length => inner.Length;

            public int Read(long offset, Span<byte> buffer) => inner.Read(offset, buffer);

            public void Write(long offset, ReadOnlySpan<byte> data)
            {
                lock (fs._writes)
                {
                    fs._writes.Add((inner.Path, data.ToArray()));
                }

                inner.Write(offset, data);
            }

            public void Flush() => inner.Flush();

            public void SetLength(long length) => inner.SetLength(length);

            public void Dispose() => inner.Dispose();
        }
    }
}
