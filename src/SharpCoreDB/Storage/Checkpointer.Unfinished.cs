// A checkpoint that failed after its journal became durable: an I/O error or a full
// disk during its in-place writes or the fsync after them. Its pages stay dirty in
// the cache, and its journal is the only thing that can repair a page the failure
// left torn in the database file (a short write; an fsync error after which the
// file's blocks hold neither image). The next writer of the journal must not throw
// that repair away while the torn page is still on disk: both overwrite the journal
// (a checkpoint zeroes its header first; the commit of a transaction larger than
// memory cuts it to nothing), and a crash after that and before the page was written
// whole again left an open that replays the log over a page that fails its check.
//
// So before either writes the journal, the failed checkpoint's in-place writes are
// done again from its journal (FinishFailedCheckpoint): each page through the cache,
// as the checkpoint wrote it (keeping for older snapshots the image it replaces),
// paced fsyncs, fsync, then the pages count as written. Until that fsync returns the
// journal still applies, so a crash meanwhile is repaired at the next open as before.
// If it fails again, the caller fails with it and the journal stays: the next
// checkpoint tries again, and a commit through the journal is refused before its
// commit point (the database as it was).
//
//   none ──journal durable──► unfinished ──in-place writes and fsync done──► none
//                               │  ▲
//                               └──┘ a failure (kept for the next attempt)
using SharpCoreDB.Storage.Cache;

namespace SharpCoreDB.Storage;

internal sealed partial class Checkpointer
{
    // The checkpoint whose journal is durable and whose in-place writes are not known to be: set once its journal is
    // written, cleared once its pages are in the file. Null between checkpoints that completed their writes.
    private UnfinishedCheckpoint? _unfinished;

    // Called under _lock before the journal is overwritten (see the top of this file).
    private void FinishFailedCheckpoint()
    {
        if (_unfinished is not { } unfinished)
        {
            return;
        }

        if (unfinished.PageCount > file.PagesOnDisk)
        {
            file.SetPageCount(unfinished.PageCount);
        }

        var dirty = unfinished.Dirty;
        int pageSize = file.Layout.PageSize;
        WriteInPlaceFromJournal(dirty.Count, (entry, piece, offset) =>
        {
            WriteInPlace(dirty[entry], piece, offset, pageSize, unfinished.PagesOnDisk);
        });

        // Only after the fsync that ends the writes do the pages count as written.
        foreach (var (page, lsn, _) in dirty)
        {
            cache.MarkInFile(page, lsn);
        }

        _unfinished = null;
    }

    // A checkpoint's journal entries in order (entry i holds Dirty[i]), the page count it extends the file to, and the
    // file's page count before that (older snapshots can read only pages below it from the file).
    private sealed record UnfinishedCheckpoint(List<DirtyPage> Dirty, uint PageCount, long PagesOnDisk);
}
