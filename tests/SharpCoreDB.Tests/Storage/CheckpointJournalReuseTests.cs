// The checkpoint journal keeps its file between checkpoints and overwrites it (so that
// no checkpoint frees and reallocates its blocks beside the commits' log fsyncs). Stale
// entries left by an earlier checkpoint decode like fresh ones, so what matters is that a
// crash at any moment never leaves a header that applies over entries that are not all
// its own. These tests crash the journal at every call of a checkpoint's write, and at
// each point try every subset of the writes not yet made durable (a disk may persist any
// of them, in any order), then ask the journal what recovery would do.
using SharpCoreDB.Storage.File;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

public sealed class CheckpointJournalReuseTests : IDisposable
{
    private const int PageSize = 512;
    private const int PacingBytes = 1024;
    private static readonly Guid DatabaseId = Guid.NewGuid();
    private readonly TempDirectory _dir = new("scdb-journal-reuse-");

    public void Dispose() => _dir.Dispose();

    [Theory]
    [InlineData(3, 5)]
    [InlineData(6, 2)]
    [InlineData(4, 4)]
    public void ACrashWhileACompletedJournalIsOverwrittenNeverAppliesAMixOfTheTwo(int oldPages, int newPages)
    {
        byte[] older = Journal(lsn: 10, oldPages, fill: 0xA0);
        byte[] newer = Journal(lsn: 20, newPages, fill: 0xB0);
        var file = new CrashImageFile();
        var journal = new CheckpointJournal(file);
        journal.Write(older, PacingBytes);
        journal.Clear();
        Assert.True(journal.IsEmpty);

        // The database header says checkpoint 10 completed: only the newer journal, whole, may apply.
        var header = Header(checkpointLsn: 10);
        int images = CrashEverywhere(file, () => journal.Write(newer, PacingBytes), image =>
            AssertAppliesOnlyWhole(image, header, newer));
        Assert.True(images > 5, $"only {images} crash images were tried");
        Assert.Equal(newer, file.Durable.AsSpan(0, newer.Length).ToArray());
    }

    [Fact]
    public void AJournalWhoseCheckpointFailedIsInvalidatedBeforeItsEntriesAreOverwritten()
    {
        byte[] older = Journal(lsn: 10, pages: 5, fill: 0xA0);
        byte[] newer = Journal(lsn: 20, pages: 3, fill: 0xB0);
        var file = new CrashImageFile();
        var journal = new CheckpointJournal(file);
        journal.Write(older, PacingBytes);
        Assert.False(journal.IsEmpty);

        // Checkpoint 10 never wrote its header (its in-place writes failed): its journal still applies, and a crash
        // while the next checkpoint overwrites it may leave it whole or leave neither, never a mix.
        var header = Header(checkpointLsn: 5);
        CrashEverywhere(file, () => journal.Write(newer, PacingBytes), image =>
            AssertAppliesOnlyWhole(image, header, older, newer));
    }

    [Fact]
    public void AJournalFoundAtOpenIsTreatedAsOneThatMayApply()
    {
        byte[] older = Journal(lsn: 10, pages: 5, fill: 0xA0);
        byte[] newer = Journal(lsn: 20, pages: 2, fill: 0xB0);
        var file = new CrashImageFile();
        new CheckpointJournal(file).Write(older, PacingBytes);

        var reopened = new CheckpointJournal(file);
        Assert.False(reopened.IsEmpty);
        CrashEverywhere(file, () => reopened.Write(newer, PacingBytes), image =>
            AssertAppliesOnlyWhole(image, Header(checkpointLsn: 5), older, newer));
    }

    [Fact]
    public void AClearedJournalKeepsItsBytes()
    {
        var file = new CrashImageFile();
        var journal = new CheckpointJournal(file);
        journal.Write(Journal(lsn: 10, pages: 4, fill: 0xA0), PacingBytes);
        journal.Clear();
        Assert.Equal(CheckpointJournal.SizeFor(4, PageSize), file.Length);
    }

    [Fact]
    public void AJournalLongerThanRecentCheckpointsNeedIsCutBackInDurableSteps()
    {
        // Checkpoints whose journals outgrow RetainedBytes (a cache full of dirty pages) keep theirs: cut to nothing at
        // each one, it freed its blocks beside the commits' log fsyncs (16–20 ms stalls). What they do not need, after
        // the journal of a commit larger than memory or a burst, goes back a durable step at a time.
        const int LargePageSize = 4096;
        var fs = new RecordingFileSystem();
        using var file = fs.Open(_dir.File("x.scdb-journal"), StorageFileMode.CreateNew);
        var journal = new CheckpointJournal(file);
        int pages = (int)(40L * 1024 * 1024 / (CheckpointJournal.EntryHeaderSize + LargePageSize));
        var large = new byte[CheckpointJournal.SizeFor(pages, LargePageSize)];
        CheckpointJournal.WriteHeader(large, DatabaseId, checkpointLsn: 10, LargePageSize, pages, JournalKind.Checkpoint);
        journal.Write(large, flushEveryBytes: 8 << 20);
        journal.Clear();
        Assert.Equal(large.Length, file.Length);

        file.SetLength(CheckpointJournal.RetainedBytes + (8L << 20));
        journal.Clear();
        Assert.Equal(CheckpointJournal.RetainedBytes + (8L << 20), file.Length);

        long longer = 100L << 20;
        file.SetLength(longer);
        fs.Clear();
        journal.Clear();
        Assert.Equal(large.Length, file.Length);
        var cuts = fs.Calls.Where(c => c.Operation is IoOperation.SetLength or IoOperation.Flush).ToList();
        Assert.True(cuts.Count >= 2 * 25, $"{longer - large.Length} bytes were cut in {cuts.Count / 2} step(s)");
        for (int i = 0; i < cuts.Count; i += 2)
        {
            Assert.Equal(IoOperation.SetLength, cuts[i].Operation);
            Assert.InRange(longer - cuts[i].Offset, 1, DurableShortening.StepBytes);
            Assert.Equal(IoOperation.Flush, cuts[i + 1].Operation);
            longer = cuts[i].Offset;
        }
    }

    [Fact]
    public void AnExplicitCheckpointGivesTheBytesBackOnlyOnceNothingInThemApplies()
    {
        var file = new CrashImageFile();
        var journal = new CheckpointJournal(file);
        journal.Write(Journal(lsn: 10, pages: 4, fill: 0xA0), PacingBytes);
        journal.Shrink();
        Assert.Equal(CheckpointJournal.SizeFor(4, PageSize), file.Length);

        journal.Clear();
        journal.Shrink();
        Assert.Equal(0, file.Length);
    }

    private static void AssertAppliesOnlyWhole(byte[] image, DatabaseHeader header, params byte[][] wholeJournals)
    {
        var file = new CrashImageFile(image);
        if (new CheckpointJournal(file).Inspect(header, lastLogLsn: 100) == CheckpointJournal.Finding.None)
        {
            return;
        }

        Assert.Contains(wholeJournals, whole => image.Length >= whole.Length && image.AsSpan(0, whole.Length).SequenceEqual(whole));
    }

    // Runs write, and after each of its calls tries every crash image: the durable bytes with any subset of the
    // writes made since the last flush. Returns how many images were tried.
    private static int CrashEverywhere(CrashImageFile file, Action write, Action<byte[]> check)
    {
        int images = 0;
        file.AfterCall = () =>
        {
            foreach (byte[] image in file.CrashImages())
            {
                check(image);
                images++;
            }
        };
        write();
        file.AfterCall = null;
        return images;
    }

    private static DatabaseHeader Header(long checkpointLsn) =>
        new() { PageSize = PageSize, DatabaseId = DatabaseId, Sequence = 1, CheckpointLsn = checkpointLsn, State = DatabaseState.Empty };

    private static byte[] Journal(long lsn, int pages, byte fill)
    {
        var journal = new byte[CheckpointJournal.SizeFor(pages, PageSize)];
        CheckpointJournal.WriteHeader(journal, DatabaseId, lsn, PageSize, pages, JournalKind.Checkpoint);
        for (int i = 0; i < pages; i++)
        {
            var entry = journal.AsSpan((int)CheckpointJournal.EntryOffset(i, PageSize), CheckpointJournal.EntryHeaderSize + PageSize);
            CheckpointJournal.WriteEntryHeader(entry, (uint)(i + 1));
            entry[CheckpointJournal.EntryHeaderSize..].Fill((byte)(fill + i));
        }

        return journal;
    }

    /// <summary>
    /// A file in memory that knows which writes a flush made durable. A length change is taken as durable at once
    /// (the journal follows every truncation it relies on with a flush).
    /// </summary>
    private sealed class CrashImageFile(byte[]? durable = null) : IStorageFile
    {
        private readonly List<(long Offset, byte[] Data)> _pending = [];
        private byte[] _current = durable ?? [];

        public byte[] Durable { get; private set; } = durable ?? [];

        public Action? AfterCall { get; set; }

        public string Path => "journal";

        public long Length => _current.Length;

        public int Read(long offset, Span<byte> buffer)
        {
            int count = (int)Math.Clamp(_current.Length - offset, 0, buffer.Length);
            _current.AsSpan((int)offset, count).CopyTo(buffer);
            return count;
        }

        public void Write(long offset, ReadOnlySpan<byte> data)
        {
            _current = Apply(_current, offset, data);
            _pending.Add((offset, data.ToArray()));
            AfterCall?.Invoke();
        }

        public void Flush()
        {
            Durable = [.. _current];
            _pending.Clear();
            AfterCall?.Invoke();
        }

        public void SetLength(long length)
        {
            Array.Resize(ref _current, (int)length);
            var durableNow = Durable;
            Array.Resize(ref durableNow, (int)length);
            Durable = durableNow;
            AfterCall?.Invoke();
        }

        public IEnumerable<byte[]> CrashImages()
        {
            int count = Math.Min(_pending.Count, 10);
            for (int subset = 0; subset < 1 << count; subset++)
            {
                byte[] image = [.. Durable];
                for (int i = 0; i < count; i++)
                {
                    if ((subset & (1 << i)) != 0)
                    {
                        image = Apply(image, _pending[i].Offset, _pending[i].Data);
                    }
                }

                yield return image;
            }
        }

        public void Dispose()
        {
        }

        private static byte[] Apply(byte[] bytes, long offset, ReadOnlySpan<byte> data)
        {
            long end = offset + data.Length;
            if (end > bytes.Length)
            {
                Array.Resize(ref bytes, (int)end);
            }

            data.CopyTo(bytes.AsSpan((int)offset));
            return bytes;
        }
    }
}
