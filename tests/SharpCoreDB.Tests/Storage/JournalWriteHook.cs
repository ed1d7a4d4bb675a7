// A file system that runs a hook once, just before the first write to a checkpoint
// journal: the moment a checkpoint has encoded its pages and starts writing them.
// Tests use it to commit, prune or retire images while a checkpoint is under way.
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Storage;

internal sealed class JournalWriteHook() : FileSystemWrapper(inner: null, watch: path => path.EndsWith("-journal", StringComparison.Ordinal))
{
    /// <summary>Run once, before the first journal write goes through, then cleared.</summary>
    public Action? OnFirstJournalWrite { get; set; }

    protected override void OnWrite(IStorageFile file, int number, long offset, ReadOnlySpan<byte> data)
    {
        var hook = OnFirstJournalWrite;
        OnFirstJournalWrite = null;
        hook?.Invoke();
        file.Write(offset, data);
    }
}
