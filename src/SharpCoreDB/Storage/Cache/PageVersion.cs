// One committed image of a page. Images are immutable once committed: readers
// hold references to them without locks, and a newer commit of the same page
// makes a new image rather than changing this one.
//
// A version object is reused once it leaves its chain (SpareObjects): nothing holds
// one outside its cache stripe's lock, so Reuse changes it only when no one can see it.
//
// A version's image lives in one of three places:
//   memory    Image holds it (every newest version that is dirty, and most others)
//   spill     only old readers still need it; it was moved to the version spill file
//             (a PageSlotFile) and SpillSlot says where
//   file      it is exactly what the database file holds for the page (its LSN is the
//             file's), so the array was dropped and the file is read when it is needed
// The cache moves images out of memory only under the lock of the page's stripe; a
// reader that still holds the array keeps reading it unchanged.
namespace SharpCoreDB.Storage.Cache;

/// <summary>A committed page image and the LSN of the commit that produced it.</summary>
internal sealed class PageVersion(byte[]? image, long lsn)
{
    private byte[]? _image = image;

    /// <summary>The whole page, plaintext, header included; never modified after commit. Null unless in memory.</summary>
    public byte[]? Image => _image;

    /// <summary>The commit LSN that produced this image (for an image read from the file, its stored LSN).</summary>
    public long Lsn { get; private set; } = lsn;

    /// <summary>The previous image, kept while some reader's snapshot may still need it.</summary>
    public PageVersion? Older { get; set; }

    /// <summary>The spill file slot holding the image once it was moved there; -1 otherwise.</summary>
    public long SpillSlot { get; private set; } = -1;

    /// <summary>True when the image was dropped because the database file holds exactly it.</summary>
    public bool InFile => _image is null && SpillSlot < 0;

    /// <summary>Makes this object, which no chain holds, a new version: <paramref name="image"/> at <paramref name="lsn"/>, nothing older.</summary>
    public void Reuse(byte[]? image, long lsn)
    {
        _image = image;
        Lsn = lsn;
        Older = null;
        SpillSlot = -1;
    }

    /// <summary>Records that the image now lives in spill slot <paramref name="slot"/> and drops it from memory.</summary>
    public void MoveToSpill(long slot)
    {
        SpillSlot = slot;
        _image = null;
    }

    /// <summary>Drops the image: the database file holds the same bytes.</summary>
    public void DropToFile() => _image = null;

    /// <summary>Takes the image back into memory (read again from the file).</summary>
    public void Reattach(byte[] image) => _image = image;

    /// <summary>
    /// Hands the image over for reuse as the version leaves its page's chain (no snapshot reads it); the
    /// version keeps no reference to it. Null when the image was not in memory.
    /// </summary>
    public byte[]? Surrender()
    {
        byte[]? image = _image;
        _image = null;
        SpillSlot = -1;
        return image;
    }
}
