// Storage-level tests that follow pages through commits and checkpoints fill each
// page's body from byte 200 on with one value per round, so that every round is
// told apart by reading one byte back.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Tests.Storage;

internal static class FilledPages
{
    /// <summary>Allocates <paramref name="count"/> table pages filled with <paramref name="value"/>, in one commit.</summary>
    public static uint[] Allocate(StorageEngine engine, int count, byte value)
    {
        var pages = new uint[count];
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        for (int i = 0; i < count; i++)
        {
            pages[i] = tx.Allocate(PageType.TableNode);
            tx.Write(pages[i]).Span[200..].Fill(value);
        }

        tx.Commit();
        return pages;
    }

    /// <summary>Fills every page with <paramref name="value"/>, in one commit.</summary>
    public static void Rewrite(StorageEngine engine, uint[] pages, byte value)
    {
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        foreach (uint page in pages)
        {
            tx.Write(page).Span[200..].Fill(value);
        }

        tx.Commit();
    }
}
