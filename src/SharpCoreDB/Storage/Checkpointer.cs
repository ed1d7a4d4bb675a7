// The checkpoint: copies committed pages from the cache into the database file so
// that the log before them can be released.
//
// Steps, for a checkpoint at LSN C (the newest commit when it starts):
//   1. make the log durable up to C (it may not be, in Async mode);
//   2. collect every page whose newest version up to C is not in the file, and
//      encode (checksum or encrypt) those versions;
//   3. write them all into the checkpoint journal, fsync;
//   4. extend the file to the page count as of C, write each page in place, fsync;
//   5. write the header (the other slot) with checkpoint LSN C and the state as of C, fsync;
//   6. release the log up to C and clear the journal;
//   7. cut the file to the page count as of C when it is longer (TrimFile).
// If step 4 fails, its pages stay dirty and its journal stays the repair for any page
// it tore: the next checkpoint first does step 4 again from that journal
// (Checkpointer.Unfinished.cs), then begins its own.
// Writers keep committing meanwhile: versions are immutable and a checkpoint only
// ever writes versions no newer than C. It holds a snapshot at C (which keeps those
// versions) only through step 2: from step 3 on it writes from its encoded copy.
// A crash anywhere leaves either the old header (and a journal that repairs any
// torn in-place write, or none if the crash came before step 4) or the new one;
// replaying the log from the header's LSN then restores exactly the committed state.
//
// Pacing: steps 3 and 4 fsync after every PacingBytes they write, not only at the
// end. The log's fsync shares the disk with them, and a device flush waits for
// every write queued before it: one fsync after megabytes of checkpoint writes
// held the commits of that moment for as long as those megabytes took to reach the
// disk (the sustained-load probe saw 20 ms). Paced, a commit waits behind at most
// PacingBytes of checkpoint data. The extra fsyncs change nothing a crash can
// leave: the journal counts only when complete, and torn in-place writes are what
// it repairs.
using SharpCoreDB.Storage.Cache;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Storage;

/// <summary>Writes dirty pages to the database file and advances the header's checkpoint LSN.</summary>
/// <remarks>
/// It receives the parts of the engine it works on (the log, the snapshots, the cache, the
/// file and its journal) rather than the engine, so it cannot reach past them.
/// </remarks>
internal sealed partial class Checkpointer(IWriteAheadLog? log, SnapshotRegistry snapshots, PageCache cache, DatabaseFile file, CheckpointJournal journal,
    Func<DatabaseHeader, DatabaseHeader> seal)
{
    /// <summary>Checkpoint bytes written between two fsyncs unless the options say otherwise (see Pacing above).</summary>
    internal const int DefaultPacingBytes = 256 * 1024;

    // Encoding (step 2) is tens of milliseconds of pure CPU under sustained load, and a
    // thread that never blocks kept the committer holding the writer lock, or the one
    // leading the log's fsync, waiting for a core, so all sixteen writers of the
    // sustained-load probe stalled 10-17 ms together beside most checkpoints (192 commits
    // over 10 ms in 150 s that neither a GC pause nor a slow fsync explained). Offering
    // the core every 16 pages (about 0.1 ms of encoding) let them run: 16 such commits.
    private const int PagesEncodedBetweenYields = 16;

    private readonly Lock _lock = new();
    private byte[] _journalBuffer = [];

    // The dirty pages of the checkpoint under way (or of the unfinished one, until it is finished), kept for the next:
    // a new list each time grew past the large-object heap's threshold by doubling, every second under load.
    private readonly List<DirtyPage> _dirty = [];
    private long _logBytesCovered;

    /// <summary>Checkpoint bytes written between two fsyncs (see Pacing above).</summary>
    public int PacingBytes { get; init; } = DefaultPacingBytes;

    /// <summary>The header as last written.</summary>
    public required DatabaseHeader Header { get; set; }

    /// <summary>Checkpoints completed since open.</summary>
    public long Count { get; private set; }

    /// <summary>
    /// The log's <c>BytesAppended</c> when the last checkpoint started: the engine checkpoints again once that
    /// much more has been logged. (The log file's length is no measure: the current segment is never released,
    /// so once it passed the threshold every commit asked for a checkpoint until the segment rolled over.)
    /// </summary>
    public long LogBytesCovered => Interlocked.Read(ref _logBytesCovered);

    /// <summary>Runs one checkpoint; returns the number of pages written.</summary>
    /// <param name="journalSpace">
    /// Whether the journal's bytes go back to the file system afterwards (a checkpoint the application asked for) or stay
    /// for the next checkpoint to overwrite (background checkpoints: see CheckpointJournal).
    /// </param>
    public int Run(JournalSpace journalSpace)
    {
        lock (_lock)
        {
            // Commits become visible once durable: flushing first lets the checkpoint cover every
            // commit made so far. It then reads the database as of LSN C like any reader: holding a
            // snapshot keeps the page versions as of C from being pruned while later commits replace them,
            // until it has encoded them.
            log?.Flush();
            FinishFailedCheckpoint();
            long epoch = cache.Reclaimer.Enter();
            long lsn = snapshots.Acquire(out var state);
            List<DirtyPage>? dirty;
            try
            {
                dirty = lsn > Header.CheckpointLsn ? Encode(lsn) : null;
            }
            finally
            {
                // From here on the checkpoint reads no page image: the versions as of C are encoded into the journal
                // buffer, and what follows needs only their LSNs. So it leaves the reclaimer's epoch (held for the
                // whole checkpoint, it sent evicted images to the garbage collector instead of the image pool) and
                // lets go of its snapshot: held through the writes (most of a checkpoint's time), it kept the
                // version as of C of every page a commit changed meanwhile, thousands of images rented from the pool
                // and none given back until the checkpoint ended; the pool ran dry, every commit after that allocated
                // its copies, and when the checkpoint let go most of them were more than the pool could take, garbage
                // that had lived long enough to make each young-generation collection copy megabytes (the sustained-
                // load probe: 0.04-0.15 page images allocated per commit, nearly all of them during checkpoints).
                // Nothing else needs the versions as of C: the file's image of a page is known by its LSN
                // (MarkInFile), and a reader older than C holds a snapshot of its own.
                cache.Reclaimer.Exit(epoch);
                snapshots.Release(lsn);
            }

            int written = dirty is null ? 0 : WriteUpTo(lsn, state, dirty);

            // Its images belong to the cache again: the list must not keep them from the collector until the next one.
            _dirty.Clear();
            TrimFile();
            if (journalSpace == JournalSpace.Release)
            {
                journal.Shrink();
            }

            return written;
        }
    }

    // Step 7, once the database has fewer pages than the file (after VACUUM): the file is cut to the page count
    // of the header just written, giving the space back to the file system. Only when no reader holds a snapshot
    // older than that checkpoint, since such a reader may still read pages past the new end from the file; a
    // later checkpoint (there is one at every open and close) cuts it then. Pages past the end are in no state
    // from the checkpoint on, and a later commit that grows the database again writes its new pages from the
    // cache, never reading what was there.
    private void TrimFile()
    {
        uint pages = Header.State.PageCount;
        if (file.PagesOnDisk > pages && snapshots.Oldest >= Header.CheckpointLsn)
        {
            file.SetPageCount(pages);
            file.Flush();
        }
    }

    // Step 2: the dirty pages as of lsn, encoded into the journal buffer (header and entries).
    private List<DirtyPage> Encode(long lsn)
    {
        log?.Flush();
        Interlocked.Exchange(ref _logBytesCovered, log?.Statistics.BytesAppended ?? 0);
        var dirty = cache.CollectDirty(lsn, _dirty);
        int pageSize = file.Layout.PageSize;

        int size = checked((int)CheckpointJournal.SizeFor(dirty.Count, pageSize));
        EnsureJournalBuffer(size);
        CheckpointJournal.WriteHeader(_journalBuffer, Header.DatabaseId, lsn, pageSize, dirty.Count, JournalKind.Checkpoint);
        for (int i = 0; i < dirty.Count; i++)
        {
            var (page, _, image) = dirty[i];
            var entry = _journalBuffer.AsSpan((int)CheckpointJournal.EntryOffset(i, pageSize), CheckpointJournal.EntryHeaderSize + pageSize);
            CheckpointJournal.WriteEntryHeader(entry, page);
            file.Codec.Encode(page, image, entry[CheckpointJournal.EntryHeaderSize..]);
            if (i % PagesEncodedBetweenYields == PagesEncodedBetweenYields - 1)
            {
                Thread.Yield();
            }
        }

        return dirty;
    }

    // The journal image is as large as all the dirty pages together (MBs): kept for the next checkpoint rather
    // than a new large-object-heap array each time. It grows by half again at least: grown to the exact size, a
    // table growing under load made nearly every checkpoint allocate one a little larger (10 MB a second on the
    // large-object heap in the sustained-load probe), each of which set off a full background collection and the
    // gen1 collection before it, 10 ms during which no commit ran. Left uninitialized: every byte used is written.
    private void EnsureJournalBuffer(int size)
    {
        if (_journalBuffer.Length < size)
        {
            int grown = (int)Math.Min(Array.MaxLength, _journalBuffer.Length + ((long)_journalBuffer.Length / 2));
            _journalBuffer = GC.AllocateUninitializedArray<byte>(Math.Max(size, grown));
        }
    }

    private int WriteUpTo(long lsn, DatabaseState state, List<DirtyPage> dirty)
    {
        int pageSize = file.Layout.PageSize;
        int size = checked((int)CheckpointJournal.SizeFor(dirty.Count, pageSize));
        WriteJournaled(lsn, state, dirty, _journalBuffer, size, pageSize);

        long filePages = file.PagesOnDisk;
        WriteHeader(Header with
        {
            Sequence = Header.Sequence + 1,
            CheckpointLsn = lsn,
            State = state,
            FilePages = filePages > state.PageCount ? (uint)filePages : 0,
        });
        log?.ReleaseUpTo(lsn);
        if (dirty.Count > 0)
        {
            journal.Clear();
        }

        cache.PruneChained();
        cache.Trim();
        Count++;
        return dirty.Count;
    }

    // Steps 3 and 4: the journal (built in buffer[..size] by Encode) and the in-place writes.
    private void WriteJournaled(long lsn, DatabaseState state, List<DirtyPage> dirty, byte[] buffer, int size, int pageSize)
    {
        if (dirty.Count > 0)
        {
            journal.Write(buffer.AsSpan(0, size), PacingBytes);
            cache.AllowFileLsn(lsn);
            long pagesOnDisk = file.PagesOnDisk;
            _unfinished = new UnfinishedCheckpoint(dirty, state.PageCount, pagesOnDisk);
            if (state.PageCount > file.PagesOnDisk)
            {
                file.SetPageCount(state.PageCount);
            }

            int pagesPerFlush = Math.Max(1, PacingBytes / pageSize);
            for (int i = 0; i < dirty.Count; i++)
            {
                if (i > 0 && i % pagesPerFlush == 0)
                {
                    file.Flush();
                }

                int offset = (int)CheckpointJournal.EntryOffset(i, pageSize) + CheckpointJournal.EntryHeaderSize;
                WriteInPlace(dirty[i], buffer, offset, pageSize, pagesOnDisk);
            }

            file.Flush();

            // Only now are the pages in the file for sure: if a write or the fsync failed, they stay
            // dirty, and this journal, which could repair them, stays until they are written again
            // from it (Checkpointer.Unfinished.cs) before anything overwrites it.
            foreach (var (page, pageLsn, _) in dirty)
            {
                cache.MarkInFile(page, pageLsn);
            }

            _unfinished = null;
        }
    }

    /// <summary>Writes a new header derived from the current one (a password change), in sequence with checkpoints.</summary>
    public void UpdateHeader(Func<DatabaseHeader, DatabaseHeader> change)
    {
        lock (_lock)
        {
            WriteHeader(change(Header with { Sequence = Header.Sequence + 1 }));
        }
    }

    private void WriteHeader(DatabaseHeader header)
    {
        header = seal(header);
        file.WriteHeaderCopy(header, HeaderCopy.First);

        // Durable, the first copy is the header. Taken as written before the mirror, so that if the mirror's write
        // fails the next header has the next sequence and goes first to the slot it may have torn: with this one's
        // sequence it would overwrite the only intact copy first, and a crash tearing that write left neither.
        Header = header;
        file.WriteHeaderCopy(header, HeaderCopy.Mirror);
    }

    private void WriteInPlace(DirtyPage dirty, byte[] buffer, int offset, int pageSize, long pagesOnDisk) =>
        cache.WriteThrough(dirty.Page, dirty.Lsn, snapshots.Oldest, pagesOnDisk, () => file.WriteEncodedPage(dirty.Page, buffer.AsSpan(offset, pageSize)));
}

/// <summary>What a checkpoint does with the checkpoint journal's bytes once it completed.</summary>
internal enum JournalSpace
{
    /// <summary>Keeps them for the next checkpoint to overwrite (no blocks freed and allocated again beside commits).</summary>
    Keep,

    /// <summary>Gives them back to the file system, as an application asking for a checkpoint expects.</summary>
    Release,
}
