// A temporary file of page-sized slots: where pages go when memory cannot hold them.
// Two kinds use it: old page versions that long readers pin (the page cache's
// version spill: a reader that lives long while writers keep committing would
// otherwise pin memory without bound) and the private pages of a write transaction
// larger than its share of the cache (WriteTransaction). Each page takes one slot,
// encoded with the database's own page codec (checksummed, or encrypted with a
// fresh nonce, so nothing reaches the disk in plaintext), and is read back on
// demand. A slot is reused once freed; the file is emptied when no slot is in use.
// It is a temporary file (TemporaryFiles): it disappears when the database closes
// it, or when the process dies.
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage.File;

/// <summary>A temporary file of page-sized slots holding pages that memory does not.</summary>
/// <param name="fileSystem">The file seam.</param>
/// <param name="directory">Where the file is made (beside the database).</param>
/// <param name="codec">The database's page codec.</param>
/// <param name="prefix">The file name's prefix (TemporaryFiles).</param>
/// <param name="what">What the file holds, for error messages.</param>
internal sealed class PageSlotFile(IFileSystem fileSystem, string directory, IPageCodec codec, string prefix, string what) : IDisposable
{
    private readonly Lock _lock = new();
    private readonly Stack<long> _free = new();
    private readonly byte[] _buffer = new byte[codec.Layout.PageSize];
    private IStorageFile? _file;
    private long _slots;
    private int _inUse;
    private bool _disposed;

    /// <summary>Pages held in the file now.</summary>
    public int InUse => Volatile.Read(ref _inUse);

    /// <summary>Writes <paramref name="image"/> (a whole page) of page <paramref name="pageNumber"/> into a free slot and returns the slot.</summary>
    public long Write(uint pageNumber, byte[] image)
    {
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            IStorageFile file = _file ??= TemporaryFiles.Create(fileSystem, directory, prefix, what);
            long slot = _free.Count > 0 ? _free.Pop() : _slots++;
            codec.Encode(pageNumber, image, _buffer);
            try
            {
                file.Write(slot * _buffer.Length, _buffer);
            }
            catch (IOException e)
            {
                _free.Push(slot);
                throw IoFailure.From(e, $"writing page {pageNumber} to {what} '{file.Path}'");
            }

            _inUse++;
            return slot;
        }
    }

    /// <summary>Reads the page <paramref name="pageNumber"/> kept in <paramref name="slot"/> into a new image.</summary>
    public byte[] Read(uint pageNumber, long slot)
    {
        var image = new byte[_buffer.Length];
        ReadInto(pageNumber, slot, image);
        return image;
    }

    /// <summary>Reads the page <paramref name="pageNumber"/> kept in <paramref name="slot"/> into <paramref name="image"/> (a whole page).</summary>
    public void ReadInto(uint pageNumber, long slot, byte[] image)
    {
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            IStorageFile file = _file ?? throw new InvalidOperationException($"Nothing was written to {what}.");
            int read;
            try
            {
                read = file.Read(slot * _buffer.Length, image);
            }
            catch (IOException e)
            {
                throw IoFailure.From(e, $"reading page {pageNumber} from {what} '{file.Path}'");
            }

            if (read != image.Length)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"Page {pageNumber} is missing from {what} '{file.Path}'.");
            }
        }

        codec.Decode(pageNumber, image, image);
    }

    /// <summary>Gives <paramref name="slot"/> back once its page is no longer needed there.</summary>
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
