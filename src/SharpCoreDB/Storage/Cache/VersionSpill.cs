// Where old page versions go when a reader keeps them alive longer than memory
// allows. A reader's snapshot pins every version of every page written since it
// began; a reader that lives long (a slow report, a data reader bound to a grid)
// while writers keep committing would otherwise pin memory without bound. When the
// page cache is over its budget and pruning and eviction cannot bring it back,
// it moves such versions here: each takes one page-sized slot of a temporary file,
// encoded with the database's own page codec (checksummed, or encrypted with a
// fresh nonce, so nothing reaches the disk in plaintext), and comes back when an
// old reader asks for it (read again each time, never cached again). A slot is
// reused once its version is pruned; the file is emptied when no slot is in use.
// It is a temporary file (TemporaryFiles): it disappears when the database closes
// it, or when the process dies.
//
// Only versions that no checkpoint will need are moved: older than the newest
// image the database file holds for the page (PageCache decides).
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage.Cache;

/// <summary>A temporary file of page-sized slots holding old page versions.</summary>
internal sealed class VersionSpill(IFileSystem fileSystem, string directory, IPageCodec codec) : IDisposable
{
    private readonly Lock _lock = new();
    private readonly Stack<long> _free = new();
    private readonly byte[] _buffer = new byte[codec.Layout.PageSize];
    private IStorageFile? _file;
    private long _slots;
    private int _inUse;
    private bool _disposed;

    /// <summary>Versions held in the file now.</summary>
    public int InUse => Volatile.Read(ref _inUse);

    /// <summary>Writes <paramref name="image"/> of page <paramref name="pageNumber"/> into a free slot and returns the slot.</summary>
    public long Write(uint pageNumber, byte[] image)
    {
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            IStorageFile file = _file ??= TemporaryFiles.Create(fileSystem, directory, TemporaryFiles.VersionsPrefix, "the old page versions' file");
            long slot = _free.Count > 0 ? _free.Pop() : _slots++;
            codec.Encode(pageNumber, image, _buffer);
            try
            {
                file.Write(slot * _buffer.Length, _buffer);
            }
            catch (IOException e)
            {
                _free.Push(slot);
                throw IoFailure.From(e, $"moving an old version of page {pageNumber} to '{file.Path}'");
            }

            _inUse++;
            return slot;
        }
    }

    /// <summary>Reads the version of page <paramref name="pageNumber"/> kept in <paramref name="slot"/> into a new image.</summary>
    public byte[] Read(uint pageNumber, long slot)
    {
        var image = new byte[_buffer.Length];
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            IStorageFile file = _file ?? throw new InvalidOperationException("Nothing was moved to the version spill file.");
            int read;
            try
            {
                read = file.Read(slot * _buffer.Length, image);
            }
            catch (IOException e)
            {
                throw IoFailure.From(e, $"reading an old version of page {pageNumber} from '{file.Path}'");
            }

            if (read != image.Length)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"An old version of page {pageNumber} is missing from '{file.Path}'.");
            }
        }

        codec.Decode(pageNumber, image, image);
        return image;
    }

    /// <summary>Gives <paramref name="slot"/> back once its version is pruned.</summary>
    public void Free(long slot)
    {
        lock (_lock)
        {
            if (_disposed)
            {
                return;
            }

            _free.Push(slot);
            if (--_inUse == 0)
            {
                // Nothing is kept: give the space back to the file system.
                _free.Clear();
                _slots = 0;
                try
                {
                    _file!.SetLength(0);
                }
                catch (IOException)
                {
                    // Harmless: the slots are reused from the start either way.
                }
            }
        }
    }

    public void Dispose()
    {
        lock (_lock)
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
            _file?.Dispose();
        }
    }
}
