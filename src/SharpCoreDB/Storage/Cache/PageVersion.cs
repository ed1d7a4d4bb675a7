// One committed image of a page. Images are immutable once committed: readers
// hold references to them without locks, and a newer commit of the same page
// makes a new image rather than changing this one.
namespace SharpCoreDB.Storage.Cache;

/// <summary>A committed page image and the LSN of the commit that produced it.</summary>
internal sealed class PageVersion(byte[] image, long lsn)
{
    /// <summary>The whole page, plaintext, header included. Never modified after commit.</summary>
    public byte[] Image { get; } = image;

    /// <summary>The commit LSN that produced this image (for an image read from the file, its stored LSN).</summary>
    public long Lsn { get; } = lsn;

    /// <summary>The previous image, kept while some reader's snapshot may still need it.</summary>
    public PageVersion? Older { get; set; }
}
