// A write transaction's own copy of a page: the image it is changing and the
// committed image it started from, which the commit record is diffed against.
// In a transaction larger than its share of memory, a copy may be moved out to the
// transaction's page file (WriteTransaction.Spill.cs): Image is then null and
// SpillSlot says where it is, until the next access brings it back.
namespace SharpCoreDB.Storage.Transactions;

/// <summary>A page changed by the current write transaction.</summary>
internal sealed class PrivatePage(byte[] image, byte[]? baseImage)
{
    /// <summary>The whole page being changed; becomes the committed version at commit. Null while moved out of memory.</summary>
    public byte[]? Image { get; set; } = image;

    /// <summary>
    /// The committed image the change started from; null for a freshly allocated page (diffed against zeros), and
    /// dropped for every page once the transaction moves pages out (it then commits whole pages, not differences).
    /// </summary>
    public byte[]? BaseImage { get; set; } = baseImage;

    /// <summary>True for a page allocated by this transaction (its old content does not matter).</summary>
    public bool Fresh { get; } = baseImage is null;

    /// <summary>Where the image is in the transaction's page file while it is out of memory; -1 otherwise.</summary>
    public long SpillSlot { get; set; } = -1;

    /// <summary>Set on every access; cleared by the sweep that chooses pages to move out (second chance).</summary>
    public bool Referenced { get; set; } = true;
}
