// Page-granular access to the database file: read and verify one page, write a
// batch of already-encoded pages in place, and write the header (both slots). Page
// N lives at byte N * PageSize; page 0 holds the two header slots.
//
// Pages reach this file only through checkpoints (see Checkpointer), which first
// copy them into the checkpoint journal, so an in-place write torn by a crash is
// always repaired from the journal on the next open.
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage.File;

/// <summary>The database file, a page at a time.</summary>
internal sealed class DatabaseFile : IDisposable
{
    private readonly IStorageFile _file;

    public DatabaseFile(IStorageFile file, IPageCodec codec)
    {
        _file = file;
        Codec = codec;
    }

    public IPageCodec Codec { get; }

    public PageLayout Layout => Codec.Layout;

    public string Path => _file.Path;

    /// <summary>Pages fully present in the file.</summary>
    public long PagesOnDisk => _file.Length / Layout.PageSize;

    /// <summary>Reads and verifies page <paramref name="pageNumber"/>, returning a new plaintext image.</summary>
    public byte[] ReadPage(uint pageNumber) => ReadPage(pageNumber, new byte[Layout.PageSize]);

    /// <summary>Reads and verifies page <paramref name="pageNumber"/> into <paramref name="disk"/> (a whole page), returning it as plaintext.</summary>
    public byte[] ReadPage(uint pageNumber, byte[] disk)
    {
        int size = Layout.PageSize;
        int read;
        try
        {
            read = _file.Read((long)pageNumber * size, disk);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"reading page {pageNumber} of '{Path}'");
        }

        if (read != size)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Database page {pageNumber} is missing: the file '{Path}' ends before it (file is truncated).");
        }

        Codec.Decode(pageNumber, disk, disk);
        return disk;
    }

    /// <summary>Writes encoded page images in place; the caller fsyncs with <see cref="Flush"/>.</summary>
    public void WriteEncodedPage(uint pageNumber, ReadOnlySpan<byte> encoded)
    {
        try
        {
            _file.Write((long)pageNumber * Layout.PageSize, encoded);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"writing page {pageNumber} of '{Path}'");
        }
    }

    /// <summary>Grows or shrinks the file to exactly <paramref name="pageCount"/> pages.</summary>
    public void SetPageCount(uint pageCount)
    {
        try
        {
            _file.SetLength((long)pageCount * Layout.PageSize);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"setting '{Path}' to {pageCount} pages");
        }
    }

    public void Flush()
    {
        try
        {
            _file.Flush();
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"flushing '{Path}' to disk");
        }
    }

    /// <summary>
    /// Writes <paramref name="header"/> into both slots: first the one its sequence selects, fsynced,
    /// then the other, fsynced. One fsync between them keeps a crash from tearing both at once; the
    /// second copy is what lets a later damaged sector in either slot leave the current header readable.
    /// </summary>
    public void WriteHeader(DatabaseHeader header)
    {
        WriteHeaderCopy(header, HeaderCopy.First);
        WriteHeaderCopy(header, HeaderCopy.Mirror);
    }

    /// <summary>
    /// Writes one copy of <paramref name="header"/> and fsyncs it. Once the first copy is durable it is the header (the
    /// open reads the newest valid slot): a writer that goes on after the mirror's write failed must give its next header
    /// the next sequence, whose first copy goes to the slot the failure may have torn, never over the only intact one.
    /// </summary>
    public void WriteHeaderCopy(DatabaseHeader header, HeaderCopy copy)
    {
        Span<byte> slot = stackalloc byte[DatabaseHeader.SlotSize];
        header.WriteTo(slot);
        try
        {
            _file.Write(copy == HeaderCopy.First ? DatabaseHeader.SlotOffset(header.Sequence) : DatabaseHeader.MirrorSlotOffset(header.Sequence), slot);
            _file.Flush();
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"writing the header of '{Path}'");
        }
    }

    public long Length => _file.Length;

    public void Dispose() => _file.Dispose();
}

/// <summary>Which of a header's two copies is written (<see cref="DatabaseFile.WriteHeaderCopy"/>).</summary>
internal enum HeaderCopy
{
    /// <summary>The slot the header's sequence selects: durable, it is the header.</summary>
    First,

    /// <summary>The other slot, written once the first copy is durable.</summary>
    Mirror,
}
