// Write transactions larger than their share of the cache (WriteTransaction.Spill.cs and
// Checkpointer.CommitThroughJournal.cs): private pages move out to the transaction's
// own page file, memory stays within the limit, and the commit writes whole pages
// through the checkpoint journal. What a user relies on: every page reads back as
// written (before and after a reopen), a rollback leaves nothing, savepoints still
// undo exactly, readers keep their snapshot while the commit overwrites pages in
// place, no temporary file outlives the transaction, and nothing of an encrypted
// database reaches those files in plaintext.
using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

public sealed class LargeTransactionTests() : TempDirectoryTests("scdb-large-")
{
    internal const int PageSize = 4096;

    // 64 pages of cache: a write transaction keeps 32 private pages in memory.
    internal const int CachePages = 64;
    internal const int PrivateLimit = CachePages / 2;

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void ATransactionLargerThanMemoryCommitsEveryPage(bool encrypted)
    {
        var fs = new RecordingFileSystem();
        uint[] pages;
        using (var engine = Open(fs, encrypted))
        {
            pages = Workload.WriteFirst(engine, count: 20);
            fs.Clear();
            using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
            {
                pages = Workload.Rewrite(tx, pages, extra: 400, generation: 2, out int peakResident);
                Assert.True(tx.HasSpilled, "the transaction never moved a page out");
                Assert.True(peakResident <= PrivateLimit + 2, $"{peakResident} private pages were in memory; the limit is {PrivateLimit}");
                tx.Commit();
            }

            Workload.AssertGeneration(engine, pages, 2);
            Assert.Empty(Directory.GetFiles(Dir.Path, TemporaryFiles.PrivatePagesPrefix + "*"));

            // The commit logged no page: its record is a few dozen bytes, not 420 pages.
            long logged = fs.WritesTo("-wal").Sum(w => (long)w.Data.Length);
            Assert.True(logged < 4 * PageSize, $"the commit wrote {logged} bytes to the log");
        }

        using (var engine = Open(fs, encrypted))
        {
            Workload.AssertGeneration(engine, pages, 2);
        }

        // Pages of an encrypted database reach neither the transaction's page file nor the journal in plaintext.
        Assert.NotEmpty(fs.WritesTo(TemporaryFiles.PrivatePagesPrefix));
        Assert.Equal(encrypted, !fs.WritesTo(TemporaryFiles.PrivatePagesPrefix).Concat(fs.WritesTo("-journal"))
            .Any(w => w.Data.AsSpan().IndexOf(Workload.MarkerBytes) >= 0));
    }

    [Fact]
    public void ALargeTransactionRolledBackLeavesNothing()
    {
        using var engine = Open(new RecordingFileSystem(), encrypted: false);
        uint[] pages = Workload.WriteFirst(engine, count: 20);
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            Workload.Rewrite(tx, pages, extra: 300, generation: 2, out _);
            Assert.True(tx.HasSpilled);
            tx.Rollback();
        }

        Workload.AssertGeneration(engine, pages, 1);
        using (var read = engine.BeginRead())
        {
            Assert.Equal(21u, read.State.PageCount);
        }

        Assert.Empty(Directory.GetFiles(Dir.Path, TemporaryFiles.PrivatePagesPrefix + "*"));
    }

    [Fact]
    public void ASavepointUndoesPagesThatWereMovedOut()
    {
        using var engine = Open(new RecordingFileSystem(), encrypted: false);
        uint[] pages = Workload.WriteFirst(engine, count: 20);
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            uint[] written = Workload.Rewrite(tx, pages, extra: 100, generation: 2, out _);
            var savepoint = tx.BeginSavepoint("s");

            // Touch every page again after the savepoint (most of them from the page file), then undo it.
            foreach (uint page in written)
            {
                Workload.Stamp(tx.Write(page).Span, page, 3);
                tx.SafePoint();
            }

            tx.RollbackTo(savepoint);
            tx.Release(savepoint);
            tx.Commit();
            Workload.AssertGeneration(engine, written, 2);
        }
    }

    [Fact]
    public void ReadersKeepTheirSnapshotWhileALargeCommitOverwritesPagesInPlace()
    {
        using var engine = Open(new RecordingFileSystem(), encrypted: false);
        uint[] pages = Workload.WriteFirst(engine, count: 50);
        engine.Checkpoint();
        using var before = engine.BeginRead();
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            Workload.Rewrite(tx, pages, extra: 200, generation: 2, out _);
            tx.Commit();
        }

        // The old reader still reads generation 1 of pages the commit overwrote in the file.
        foreach (uint page in pages)
        {
            Assert.Equal(1, Workload.Generation(before.Read(page).Span, page));
        }

        Workload.AssertGeneration(engine, pages, 2);
    }

    private StorageEngine Open(IFileSystem fs, bool encrypted) => StorageEngine.Open(new StorageOptions
    {
        Path = Dir.File("large.scdb"),
        PageSize = PageSize,
        CacheSizeBytes = CachePages * PageSize,
        FileSystem = fs,
        Encryption = encrypted ? new EncryptionSettings { Key = new byte[32] } : null,
    });

    // The options of the fault sweeps over this workload (LargeTransactionFaultTests, FailedCheckpointTests): this
    // cache, no background checkpoints (the sweeps choose when), and the checkpoint's pacing.
    internal static StorageOptions FaultSweepOptions(string path, IFileSystem fs, int pacingBytes = Checkpointer.DefaultPacingBytes) => new()
    {
        Path = path,
        PageSize = PageSize,
        CacheSizeBytes = CachePages * PageSize,
        FileSystem = fs,
        CheckpointLogBytes = long.MaxValue,
        CheckpointPacingBytes = pacingBytes,
    };

    /// <summary>The pages the tests write: each body stamped whole with its page number and a generation.</summary>
    internal static class Workload
    {
        public static readonly byte[] MarkerBytes = "LARGE-TX-PAGE!"u8.ToArray();

        // Commits `count` pages of generation 1 (pages 1..count of a new database).
        public static uint[] WriteFirst(StorageEngine engine, int count)
        {
            using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
            var pages = new uint[count];
            for (int i = 0; i < count; i++)
            {
                pages[i] = tx.Allocate(PageType.TableNode);
                Stamp(tx.Write(pages[i]).Span, pages[i], 1);
            }

            tx.Commit();
            return pages;
        }

        // Rewrites `pages` and allocates `extra` more at `generation`, with a safe point after each page as a B+tree
        // change would have; returns every page written and the most private pages seen in memory.
        public static uint[] Rewrite(WriteTransaction tx, uint[] pages, int extra, long generation, out int peakResident)
        {
            var written = new List<uint>(pages);
            peakResident = 0;
            foreach (uint page in pages)
            {
                Stamp(tx.Write(page).Span, page, generation);
                tx.SafePoint();
                peakResident = Math.Max(peakResident, tx.ResidentPages);
            }

            for (int i = 0; i < extra; i++)
            {
                uint page = tx.Allocate(PageType.TableNode);
                Stamp(tx.Write(page).Span, page, generation);
                written.Add(page);
                tx.SafePoint();
                peakResident = Math.Max(peakResident, tx.ResidentPages);
            }

            return [.. written];
        }

        // Commits `pages` rewritten and `extra` new pages at `generation` as one transaction larger than memory.
        public static void CommitLarge(StorageEngine engine, uint[] pages, int extra, long generation)
        {
            using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
            Rewrite(tx, pages, extra, generation, out _);
            Assert.True(tx.HasSpilled);
            tx.Commit();
        }

        public static void AssertGeneration(StorageEngine engine, uint[] pages, long generation)
        {
            using var read = engine.BeginRead();
            foreach (uint page in pages)
            {
                Assert.Equal(generation, Generation(read.Read(page).Span, page));
            }
        }

        public static void Stamp(Span<byte> body, uint page, long generation)
        {
            MarkerBytes.CopyTo(body);
            BinaryPrimitives.WriteInt64LittleEndian(body[16..], generation);
            for (int at = 24; at + 8 <= body.Length; at += 8)
            {
                BinaryPrimitives.WriteInt64LittleEndian(body[at..], ((long)page << 32) ^ (generation << 16) ^ at);
            }
        }

        // The body's generation, after checking every byte of it belongs to that generation and page.
        public static long Generation(ReadOnlySpan<byte> body, uint page)
        {
            long generation = BinaryPrimitives.ReadInt64LittleEndian(body[16..]);
            Assert.True(body.StartsWith(MarkerBytes), $"page {page} holds no stamp");
            for (int at = 24; at + 8 <= body.Length; at += 8)
            {
                Assert.True(
                    BinaryPrimitives.ReadInt64LittleEndian(body[at..]) == (((long)page << 32) ^ (generation << 16) ^ at),
                    $"page {page} is not generation {generation}'s whole (offset {at})");
            }

            return generation;
        }
    }
}
