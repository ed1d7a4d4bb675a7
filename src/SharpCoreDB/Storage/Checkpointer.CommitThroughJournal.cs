// The commit of a write transaction larger than memory (its private pages partly in
// its page file: WriteTransaction.Spill.cs). Logging its pages' differences would
// need them all in memory at once and could pass the log's largest record, and
// installing them in the cache as dirty versions would hold them all in memory
// until a checkpoint. So its whole pages go to the database file the way a
// checkpoint's do, and the log gets a small record saying the commit happened.
// Under the writer lock (no other commit can interleave) and the checkpointer's
// lock (the journal file and in-place writes are the checkpointer's), for the
// commit's LSN X:
//
//   1. write every changed page, stamped with LSN X and encoded, into the
//      checkpoint journal (kind Commit, LSN X), in pieces with paced fsyncs; fsync;
//   2. log the commit record (kind JournaledCommit: the state after the commit, no
//      pages) and wait until it is durable: this is the commit point;
//   3. write each page in place from the journal (keeping for older snapshots the
//      image it replaces: PageCache.WriteCommitted), paced fsyncs, fsync;
//   4. empty the journal.
//
// Before step 1, a checkpoint that failed after writing its journal gets its in-place
// writes done from that journal (Checkpointer.Unfinished.cs): emptying the journal would
// otherwise lose the repair for a page it tore; if that fails, so does the commit.
// A crash in 1 or before X is durable leaves a journal whose LSN the log never
// reached: the open ignores it and empties it (CheckpointJournal.Recovery.cs), and
// the transaction never happened. A crash in 3 or 4 leaves a complete journal and X
// in the log: the open copies the journal over the file, and replaying the log
// changes none of those pages (they carry LSN X) and applies X's state. The header
// is not written: records before X that no checkpoint has written yet are replayed
// as ever, skipping the pages X already holds (each carries a newer LSN).
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Storage;

internal sealed partial class Checkpointer
{
    /// <summary>
    /// Commits whole pages at <paramref name="lsn"/> (see the top of this file). <paramref name="imageOf"/> gives a page's
    /// image (it may fill the scratch array it is given); <paramref name="logCommit"/> logs the commit record and returns
    /// once it is durable. A failure before that leaves the database as it was; one after it leaves the commit durable
    /// (the next open completes it from the journal) and is reported as <see cref="PagesNotWrittenException"/>.
    /// </summary>
    public void CommitThroughJournal(long lsn, uint[] pages, Func<uint, byte[], byte[]> imageOf, Action logCommit)
    {
        // Its images are the writer's, which entered the cache's reclamation epochs as every transaction does.
        lock (_lock)
        {
            int pageSize = file.Layout.PageSize;
            int entrySize = CheckpointJournal.EntryHeaderSize + pageSize;
            int perPiece = EntriesPerPiece();

            // Step 1, once a failed checkpoint's journal is no longer needed (Checkpointer.Unfinished.cs): Begin
            // empties the file.
            FinishFailedCheckpoint();
            long pagesOnDisk = file.PagesOnDisk;
            var header = new byte[CheckpointJournal.HeaderSize];
            CheckpointJournal.WriteHeader(header, Header.DatabaseId, lsn, pageSize, pages.Length, JournalKind.Commit);
            journal.Begin(header);
            var scratch = new byte[pageSize];
            for (int first = 0; first < pages.Length; first += perPiece)
            {
                int count = Math.Min(perPiece, pages.Length - first);
                for (int i = 0; i < count; i++)
                {
                    uint page = pages[first + i];
                    byte[] image = imageOf(page, scratch);
                    PageHeader.SetLsn(image, lsn);
                    var entry = _journalBuffer.AsSpan(i * entrySize, entrySize);
                    CheckpointJournal.WriteEntryHeader(entry, page);
                    file.Codec.Encode(page, image, entry[CheckpointJournal.EntryHeaderSize..]);
                }

                journal.Append(_journalBuffer.AsSpan(0, count * entrySize), sync: first > 0);
            }

            journal.Complete();

            // Step 2: the commit point.
            logCommit();

            // Steps 3 and 4.
            try
            {
                WriteCommittedInPlace(lsn, pages, pagesOnDisk);
                journal.Clear();
            }
            catch (Exception e) when (e is IOException or SharpCoreDBException)
            {
                throw new PagesNotWrittenException(e);
            }
        }
    }

    private void WriteCommittedInPlace(long lsn, uint[] pages, long pagesOnDisk)
    {
        cache.AllowFileLsn(lsn);
        uint highest = pages.Length == 0 ? 0 : pages.Max();
        if (highest >= file.PagesOnDisk)
        {
            file.SetPageCount(highest + 1);
        }

        int pageSize = file.Layout.PageSize;
        WriteInPlaceFromJournal(pages.Length, (entry, piece, offset) =>
        {
            uint page = pages[entry];
            cache.WriteCommitted(page, lsn, pagesOnDisk, snapshots.Oldest, () => file.WriteEncodedPage(page, piece.AsSpan(offset, pageSize)));
        });
    }

    // Entries of the journal that fit in PacingBytes (at least one), with the journal buffer made large enough for them.
    private int EntriesPerPiece()
    {
        int entrySize = CheckpointJournal.EntryHeaderSize + file.Layout.PageSize;
        int perPiece = Math.Max(1, PacingBytes / entrySize);
        EnsureJournalBuffer(perPiece * entrySize);
        return perPiece;
    }

    // Writes the journal's first `entries` entries in place, reading them back a piece of PacingBytes at a time, with an
    // fsync between pieces (paced, as a checkpoint's writes are) and one at the end. writeEntry(index, piece, offset)
    // writes entry index's page, whose encoded image lies at offset in piece.
    private void WriteInPlaceFromJournal(int entries, Action<int, byte[], int> writeEntry)
    {
        int entrySize = CheckpointJournal.EntryHeaderSize + file.Layout.PageSize;
        int perPiece = EntriesPerPiece();
        byte[] piece = _journalBuffer;
        for (int first = 0; first < entries; first += perPiece)
        {
            int count = Math.Min(perPiece, entries - first);
            journal.Read(CheckpointJournal.EntryOffset(first, file.Layout.PageSize), piece.AsSpan(0, count * entrySize));
            if (first > 0)
            {
                file.Flush();
            }

            for (int i = 0; i < count; i++)
            {
                writeEntry(first + i, piece, (i * entrySize) + CheckpointJournal.EntryHeaderSize);
            }
        }

        file.Flush();
    }
}

/// <summary>
/// A commit through the journal became durable, but writing its pages into the database file failed: the next open
/// completes it from the journal. The database must be reopened (the engine refuses writes until then).
/// </summary>
internal sealed class PagesNotWrittenException(Exception inner)
    : Exception("The commit is durable, but writing its pages into the database file failed: " + inner.Message, inner);
