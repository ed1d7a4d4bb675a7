// A write transaction's own copy of a page: the image it is changing and the
// committed image it started from, which the commit record is diffed against.
namespace SharpCoreDB.Storage.Transactions;

/// <summary>A page changed by the current write transaction.</summary>
internal sealed class PrivatePage(byte[] image, byte[]? baseImage)
{
    /// <summary>The whole page being changed; becomes the committed version at commit.</summary>
    public byte[] Image { get; } = image;

    /// <summary>The committed image the change started from; null for a freshly allocated page (diffed against zeros).</summary>
    public byte[]? BaseImage { get; } = baseImage;

    public bool Fresh => BaseImage is null;
}
