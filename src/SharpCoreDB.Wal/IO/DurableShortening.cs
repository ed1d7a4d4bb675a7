// Giving a file's space back to the file system without stalling commits beside it.
// Cutting a large file at once (ftruncate, or unlink) frees all its blocks in one
// file-system journal commit, and on a file system mounted with online discard it
// trims them all inside that commit; every fdatasync that needs a journal commit
// meanwhile (the log's, on the commit path) waits for all of it. The sustained-load
// probe saw 14–18 ms unlinks of released log segments and 16–20 ms truncations of the
// checkpoint journal stall all sixteen writers' commits for as long. Cut from the end
// in steps, each made durable before the next, every journal commit frees one step.
namespace SharpCoreDB.Wal.IO;

/// <summary>Shortens a file in durable steps (see the file's header).</summary>
internal static class DurableShortening
{
    /// <summary>Bytes freed per durable step unless a step must be larger (see <see cref="Shorten"/>).</summary>
    public const long StepBytes = 2 << 20;

    /// <summary>The most steps one call takes: a very large file is cut in larger steps rather than thousands of fsyncs.</summary>
    public const int MostSteps = 64;

    /// <summary>
    /// Cuts <paramref name="file"/> to <paramref name="length"/> (no-op when it is not longer) from its end, in steps of
    /// <see cref="StepBytes"/> (larger when more than <see cref="MostSteps"/> would be needed), each followed by an
    /// fsync. Returns the fsyncs made.
    /// </summary>
    public static int Shorten(IStorageFile file, long length)
    {
        long current = file.Length;
        long step = Math.Max(StepBytes, (current - length) / MostSteps);
        int fsyncs = 0;
        while (current > length)
        {
            current = Math.Max(length, current - step);
            file.SetLength(current);
            file.Flush();
            fsyncs++;
        }

        return fsyncs;
    }
}
