// A write transaction's own copy of a page: the image it is changing and the
// committed image it started from, which the commit record is diffed against.
// In a transaction larger than its share of memory, a copy may be moved out to the
// transaction's page file (WriteTransaction.Spill.cs): Image is then null and
// SpillSlot says where it is, until the next access brings it back.
// The objects themselves are used again by later transactions (WriterWorkspace):
// a one-row autocommit into a table with an index makes two or three of them.
namespace SharpCoreDB.Storage.Transactions;

/// <summary>A page changed by the current write transaction.</summary>
internal sealed class PrivatePage
{
    /// <summary>The whole page being changed; becomes the committed version at commit. Null while moved out of memory.</summary>
    public byte[]? Image { get; set; }

    /// <summary>
    /// The committed image the change started from; null for a freshly allocated page (diffed against zeros), and
    /// dropped for every page once the transaction moves pages out (it then commits whole pages, not differences).
    /// </summary>
    public byte[]? BaseImage { get; set; }

    /// <summary>True for a page allocated by this transaction (its old content does not matter).</summary>
    public bool Fresh { get; private set; }

    /// <summary>Where the image is in the transaction's page file while it is out of memory; -1 otherwise.</summary>
    public long SpillSlot { get; set; } = -1;

    /// <summary>Set on every access; cleared by the sweep that chooses pages to move out (second chance).</summary>
    public bool Referenced { get; set; } = true;

    /// <summary>Makes this object the private copy <paramref name="image"/> of a page, started from <paramref name="baseImage"/>.</summary>
    public PrivatePage Begin(byte[] image, byte[]? baseImage)
    {
        Image = image;
        BaseImage = baseImage;
        Fresh = baseImage is null;
        SpillSlot = -1;
        Referenced = true;
        return this;
    }

    /// <summary>Lets go of the images (they belong to the cache or the pool now) before the object is kept for reuse.</summary>
    public void Forget()
    {
        Image = null;
        BaseImage = null;
    }
}
