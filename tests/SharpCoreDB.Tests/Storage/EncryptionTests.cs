using System.Text;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Storage;

public sealed class EncryptionTests() : TempDirectoryTests("scdb-crypt-")
{
    private readonly MemoryLog _log = new();

    private string PathOf(string name) => Dir.File(name);

    // Few PBKDF2 iterations keep the tests fast; the default (600,000) is tested once below.
    private static EncryptionSettings Password(string password) => new() { Password = password, Iterations = 1000 };

    private StorageEngine Open(EncryptionSettings? encryption, string name = "secret.scdb", MemoryLog? log = null, FaultyFileSystem? fs = null) =>
        StorageEngine.Open(new StorageOptions
        {
            Path = PathOf(name),
            PageSize = 4096,
            Encryption = encryption,
            FileSystem = fs ?? new FaultyFileSystem(),
            LogFactory = (_, _) => log ?? _log,
            LogExists = (_, _) => true,
        });

    private static List<uint> WriteMarkers(StorageEngine engine, string marker, int pages)
    {
        var written = new List<uint>();
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        for (int i = 0; i < pages; i++)
        {
            uint page = tx.Allocate(PageType.TableNode);
            Encoding.UTF8.GetBytes($"{marker}-{i}").CopyTo(tx.Write(page).Span[200..]);
            written.Add(page);
        }

        tx.Commit();
        return written;
    }

    private static string ReadMarker(IPageAccess access, uint page, int length) =>
        Encoding.UTF8.GetString(access.Read(page).Span.Slice(200, length));

    private bool AnyFileContains(string marker)
    {
        byte[] needle = Encoding.UTF8.GetBytes(marker);
        foreach (string file in Directory.GetFiles(Dir.Path))
        {
            if (System.IO.File.ReadAllBytes(file).AsSpan().IndexOf(needle) >= 0)
            {
                return true;
            }
        }

        return _log.Contains(needle);
    }

    [Fact]
    public void NothingStoredReachesTheDiskInPlaintext()
    {
        using (var engine = Open(Password("pw")))
        {
            WriteMarkers(engine, "MARKER-CLOSED", 50);
        }

        Assert.False(AnyFileContains("MARKER-CLOSED"));

        // Again after a crash in the middle of a transaction, with committed data only in the log.
        var fs = new FaultyFileSystem();
        var crashed = Open(Password("pw"), fs: fs);
        WriteMarkers(crashed, "MARKER-LOGGED", 20);
        var open = crashed.BeginWrite(TestTimeouts.WriteLock);
        uint page = open.Allocate(PageType.TableNode);
        Encoding.UTF8.GetBytes("MARKER-UNCOMMITTED").CopyTo(open.Write(page).Span);
        fs.Crash();
        open.Dispose();
        crashed.Dispose();
        Assert.False(AnyFileContains("MARKER-LOGGED"));
        Assert.False(AnyFileContains("MARKER-UNCOMMITTED"));
        Assert.False(AnyFileContains("MARKER-CLOSED"));
    }

    [Fact]
    public void DataReadsBackWithThePasswordAfterReopenAndCrash()
    {
        List<uint> pages;
        var fs = new FaultyFileSystem();
        var engine = Open(Password("correct horse"), fs: fs);
        pages = WriteMarkers(engine, "row", 30);
        engine.Checkpoint();
        var more = WriteMarkers(engine, "new", 5);
        fs.Crash();
        engine.Dispose();

        using var reopened = Open(Password("correct horse"));
        using var read = reopened.BeginRead();
        Assert.Equal("row-7", ReadMarker(read, pages[7], 5));
        Assert.Equal("new-4", ReadMarker(read, more[4], 5));
    }

    [Fact]
    public void WrongMissingAndUnexpectedKeysEachGiveTheirOwnError()
    {
        using (var engine = Open(Password("right")))
        {
            WriteMarkers(engine, "x", 3);
        }

        byte[] before = System.IO.File.ReadAllBytes(PathOf("secret.scdb"));
        var wrong = Assert.Throws<SharpCoreDBException>(() => Open(Password("wrong")));
        Assert.Equal(SharpCoreDBErrorCode.WrongKey, wrong.ErrorCode);
        var missing = Assert.Throws<SharpCoreDBException>(() => Open(null));
        Assert.Equal(SharpCoreDBErrorCode.WrongKey, missing.ErrorCode);
        Assert.Contains("encrypted", missing.Message);
        Assert.Equal(before, System.IO.File.ReadAllBytes(PathOf("secret.scdb"))); // a failed open changes nothing

        using (Open(null, "plain.scdb", new MemoryLog()))
        {
        }

        var unexpected = Assert.Throws<SharpCoreDBException>(() => Open(Password("pw"), "plain.scdb", new MemoryLog()));
        Assert.Equal(SharpCoreDBErrorCode.WrongKey, unexpected.ErrorCode);
        Assert.Contains("not encrypted", unexpected.Message);
    }

    [Fact]
    public void SwappedFlippedAndForeignPagesFailAuthentication()
    {
        List<uint> pages;
        using (var engine = Open(Password("pw")))
        {
            pages = WriteMarkers(engine, "a", 4);
        }

        using (var other = Open(Password("pw"), "other.scdb", new MemoryLog()))
        {
            WriteMarkers(other, "b", 4);
        }

        byte[] original = System.IO.File.ReadAllBytes(PathOf("secret.scdb"));
        byte[] foreign = System.IO.File.ReadAllBytes(PathOf("other.scdb"));

        // Two pages swapped.
        AssertPageFails(Damage(original, bytes => Swap(bytes, pages[0], pages[1])), pages[0]);

        // One bit flipped inside a page.
        AssertPageFails(Damage(original, bytes => bytes[(pages[2] * 4096) + 1234] ^= 1), pages[2]);

        // A page of another database encrypted with the same password, at the same position.
        AssertPageFails(Damage(original, bytes => foreign.AsSpan((int)pages[3] * 4096, 4096).CopyTo(bytes.AsSpan((int)pages[3] * 4096))), pages[3]);
    }

    private byte[] Damage(byte[] original, Action<byte[]> damage)
    {
        byte[] copy = (byte[])original.Clone();
        damage(copy);
        return copy;
    }

    private static void Swap(byte[] bytes, uint a, uint b)
    {
        byte[] temp = bytes.AsSpan((int)a * 4096, 4096).ToArray();
        bytes.AsSpan((int)b * 4096, 4096).CopyTo(bytes.AsSpan((int)a * 4096));
        temp.CopyTo(bytes.AsSpan((int)b * 4096));
    }

    private void AssertPageFails(byte[] damaged, uint page)
    {
        System.IO.File.WriteAllBytes(PathOf("damaged.scdb"), damaged);
        using var engine = Open(Password("pw"), "damaged.scdb", new MemoryLog());
        using var read = engine.BeginRead();
        var error = Assert.Throws<SharpCoreDBException>(() => read.Read(page));
        Assert.Equal(SharpCoreDBErrorCode.AuthenticationFailed, error.ErrorCode);
        Assert.Contains($"page {page}", error.Message);
    }

    [Fact]
    public void AFlippedBitInALogRecordFailsAuthenticationNamingItsLsn()
    {
        var fs = new FaultyFileSystem();
        var engine = Open(Password("pw"), fs: fs);
        WriteMarkers(engine, "logged", 3);
        fs.Crash();
        engine.Dispose();

        _log.FlipBit(0, 40);
        var error = Assert.Throws<SharpCoreDBException>(() => Open(Password("pw")));
        Assert.Equal(SharpCoreDBErrorCode.AuthenticationFailed, error.ErrorCode);
        Assert.Contains("LSN 1", error.Message);
    }

    [Fact]
    public void AChangedHeaderFailsAuthentication()
    {
        using (Open(Password("pw")))
        {
        }

        // Rewrite the newest header slot's checkpoint LSN and fix its CRC, as a careful tamperer would.
        byte[] bytes = System.IO.File.ReadAllBytes(PathOf("secret.scdb"));
        foreach (int slot in new[] { 0, 2048 })
        {
            bytes[slot + 40] ^= 0x01;
            uint crc = System.IO.Hashing.Crc32.HashToUInt32(bytes.AsSpan(slot, 508));
            System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(slot + 508), crc);
        }

        System.IO.File.WriteAllBytes(PathOf("secret.scdb"), bytes);
        var error = Assert.Throws<SharpCoreDBException>(() => Open(Password("pw")));
        Assert.Equal(SharpCoreDBErrorCode.AuthenticationFailed, error.ErrorCode);
    }

    [Fact]
    public void ChangingThePasswordRewritesOnlyTheHeader()
    {
        List<uint> pages;
        using (var engine = Open(Password("old")))
        {
            pages = WriteMarkers(engine, "kept", 10);
        }

        byte[] before = System.IO.File.ReadAllBytes(PathOf("secret.scdb"));
        using (var engine = Open(Password("old")))
        {
            engine.ChangePassword(Password("new"));
        }

        byte[] after = System.IO.File.ReadAllBytes(PathOf("secret.scdb"));
        Assert.Equal(before.AsSpan(4096).ToArray(), after.AsSpan(4096).ToArray());

        Assert.Equal(SharpCoreDBErrorCode.WrongKey, Assert.Throws<SharpCoreDBException>(() => Open(Password("old"))).ErrorCode);
        using var reopened = Open(Password("new"));
        using var read = reopened.BeginRead();
        Assert.Equal("kept-3", ReadMarker(read, pages[3], 6));
    }

    [Fact]
    public void ACrashDuringAPasswordChangeLeavesOneOfTheTwoPasswordsValid()
    {
        using (var engine = Open(Password("old")))
        {
            WriteMarkers(engine, "z", 2);
        }

        var fs = new FaultyFileSystem();
        var changing = Open(Password("old"), fs: fs);
        fs.TearWriteAfter(0); // the header write is torn halfway
        Assert.Equal(SharpCoreDBErrorCode.IoError, Assert.Throws<SharpCoreDBException>(() => changing.ChangePassword(Password("new"))).ErrorCode);
        changing.Dispose();

        bool oldWorks = TryOpen("old");
        bool newWorks = TryOpen("new");
        Assert.True(oldWorks || newWorks);
    }

    private bool TryOpen(string password)
    {
        try
        {
            using (Open(Password(password)))
            {
                return true;
            }
        }
        catch (SharpCoreDBException e) when (e.ErrorCode == SharpCoreDBErrorCode.WrongKey)
        {
            return false;
        }
    }

    [Fact]
    public void ARawKeyWorksAndTheDefaultIterationCountIsStrong()
    {
        byte[] key = new byte[32];
        key[0] = 7;
        using (var engine = Open(new EncryptionSettings { Key = key }, "raw.scdb", new MemoryLog()))
        {
            WriteMarkers(engine, "raw", 2);
        }

        Assert.Equal(SharpCoreDBErrorCode.WrongKey, Assert.Throws<SharpCoreDBException>(
            () => Open(new EncryptionSettings { Key = new byte[32] }, "raw.scdb", new MemoryLog())).ErrorCode);
        Assert.True(EncryptionSettings.DefaultIterations >= 600_000);
    }

    [Fact]
    public void TheRealLogFilesHoldNoPlaintextEitherAfterCloseOrAfterACrash()
    {
        var fs = new FaultyFileSystem();
        var options = new StorageOptions { Path = PathOf("real.scdb"), PageSize = 4096, Encryption = Password("pw"), FileSystem = fs };
        var engine = StorageEngine.Open(options);
        WriteMarkers(engine, "REAL-LOG-MARKER", 40);
        var open = engine.BeginWrite(TestTimeouts.WriteLock);
        Encoding.UTF8.GetBytes("REAL-UNCOMMITTED").CopyTo(open.Write(open.Allocate(PageType.TableNode)).Span);
        fs.Crash(); // the committed markers exist only in the log now
        open.Dispose();
        engine.Dispose();
        Assert.NotEmpty(Directory.GetFiles(Dir.Path, "real.scdb-wal*"));
        Assert.False(AnyFileContains("REAL-LOG-MARKER"));
        Assert.False(AnyFileContains("REAL-UNCOMMITTED"));

        using (var reopened = StorageEngine.Open(options with { FileSystem = new FaultyFileSystem() }))
        {
            WriteMarkers(reopened, "REAL-SECOND", 5);
        }

        Assert.False(AnyFileContains("REAL-LOG-MARKER"));
        Assert.False(AnyFileContains("REAL-SECOND"));

        // The scan does find markers where they are stored in plaintext.
        using (var plain = StorageEngine.Open(new StorageOptions { Path = PathOf("plain-real.scdb"), PageSize = 4096 }))
        {
            WriteMarkers(plain, "PLAIN-MARKER", 2);
        }

        Assert.True(AnyFileContains("PLAIN-MARKER"));
    }
}
