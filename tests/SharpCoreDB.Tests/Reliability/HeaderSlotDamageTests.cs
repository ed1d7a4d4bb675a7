// One damaged header slot must never cost data. A database is built over 1, 2, 3
// and 5 clean closes (plain and encrypted), then one slot is damaged the way a bad
// sector or a stray write would (zeroed, or one reserved bit flipped) and the file
// is opened again: every row must be there, exactly, and the open must write the
// good header back into both slots. Both slots damaged is refused as "not a
// database" without touching the file, and a header older than the file (both
// slots stale, the log gone) is refused as out of date, never opened as an older
// or empty database.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Reliability;

public sealed class HeaderSlotDamageTests() : TempDirectoryTests("scdb-header-")
{
    public enum SlotDamage
    {
        ZeroSlotA,
        ZeroSlotB,
        FlipReservedBitInSlotA,
        FlipReservedBitInSlotB,
    }

    private static readonly byte[] Key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();

    public static TheoryData<int, bool, SlotDamage> Cases()
    {
        var data = new TheoryData<int, bool, SlotDamage>();
        foreach (int closes in new[] { 1, 2, 3, 5 })
        {
            foreach (bool encrypted in new[] { false, true })
            {
                foreach (SlotDamage damage in Enum.GetValues<SlotDamage>())
                {
                    data.Add(closes, encrypted, damage);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void OneDamagedSlotLosesNoRow(int closes, bool encrypted, SlotDamage damage)
    {
        string path = Dir.File("h.scdb");
        var expected = Build(path, closes, encrypted, rowsPerClose: 2);
        Damage(path, damage);

        using (var harness = Open(path, encrypted))
        {
            Assert.Equal(expected, Rows(harness));
            Assert.Equal("ok", harness.Scalar("PRAGMA integrity_check"));
        }

        // The read-write open put the good header back into both slots.
        byte[] page0 = ReadPage0(path);
        Assert.True(page0.AsSpan(DatabaseHeader.SlotAOffset, DatabaseHeader.SlotSize)
            .SequenceEqual(page0.AsSpan(DatabaseHeader.SlotBOffset, DatabaseHeader.SlotSize)), "the slots were not repaired");

        // And the repaired file survives the other slot being damaged next.
        Damage(path, damage is SlotDamage.ZeroSlotA or SlotDamage.FlipReservedBitInSlotA ? SlotDamage.ZeroSlotB : SlotDamage.ZeroSlotA);
        using (var harness = Open(path, encrypted))
        {
            Assert.Equal(expected, Rows(harness));
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void BothSlotsDamagedIsRefusedAndTheFileIsLeftAlone(bool encrypted)
    {
        string path = Dir.File("h.scdb");
        Build(path, closes: 2, encrypted, rowsPerClose: 2);
        Damage(path, SlotDamage.ZeroSlotA);
        Damage(path, SlotDamage.FlipReservedBitInSlotB);
        byte[] before = File.ReadAllBytes(path);

        var e = Assert.Throws<SharpCoreDBException>(() => Open(path, encrypted).Dispose());
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, e.ErrorCode);
        Assert.Equal(before, File.ReadAllBytes(path));
        Assert.Equal(["h.scdb"], Directory.GetFiles(Dir.Path).Select(Path.GetFileName));
    }

    [Fact]
    public void AHeaderOlderThanTheFileIsRefusedNotOpenedAsAnOlderDatabase()
    {
        string path = Dir.File("h.scdb");
        Build(path, closes: 1, encrypted: false, rowsPerClose: 2);
        byte[] oldPage0 = ReadPage0(path);

        // Two more closes grow the file; then both slots get the first close's header back,
        // as if the newest header had been lost with no log left to bridge the gap.
        using (var harness = Open(path, encrypted: false))
        {
            for (int i = 0; i < 300; i++)
            {
                harness.Execute("INSERT INTO t (v) VALUES (?1)", new string('x', 100) + i);
            }
        }

        using (var stream = new FileStream(path, FileMode.Open))
        {
            stream.Write(oldPage0);
        }

        byte[] before = File.ReadAllBytes(path);
        var e = Assert.Throws<SharpCoreDBException>(() => Open(path, encrypted: false).Dispose());
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, e.ErrorCode);
        Assert.Contains("out of date", e.Message, StringComparison.Ordinal);
        Assert.Equal(before, File.ReadAllBytes(path));
    }

    [Fact]
    public void ACleanCloseLeavesOnlyTheDatabaseFile()
    {
        string path = Dir.File("h.scdb");
        Build(path, closes: 2, encrypted: false, rowsPerClose: 2);
        Assert.Equal(["h.scdb"], Directory.GetFiles(Dir.Path).Select(Path.GetFileName));
    }

    // Each close: open, add rows (creating the table the first time), close cleanly.
    private static List<object?[]> Build(string path, int closes, bool encrypted, int rowsPerClose)
    {
        for (int close = 0; close < closes; close++)
        {
            using var harness = Open(path, encrypted);
            if (close == 0)
            {
                harness.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
            }

            for (int i = 0; i < rowsPerClose; i++)
            {
                harness.Execute("INSERT INTO t (v) VALUES (?1)", $"close {close} row {i}");
            }
        }

        using var reader = Open(path, encrypted);
        return Rows(reader);
    }

    private static EngineHarness Open(string path, bool encrypted) => new(new StorageOptions
    {
        Path = path,
        PageSize = 4096,
        Encryption = encrypted ? new EncryptionSettings { Key = Key } : null,
    });

    private static List<object?[]> Rows(EngineHarness harness) => harness.Query("SELECT id, v FROM t ORDER BY id");

    private static byte[] ReadPage0(string path) => File.ReadAllBytes(path)[..4096];

    private static void Damage(string path, SlotDamage damage)
    {
        using var stream = new FileStream(path, FileMode.Open);
        long slot = damage is SlotDamage.ZeroSlotA or SlotDamage.FlipReservedBitInSlotA ? DatabaseHeader.SlotAOffset : DatabaseHeader.SlotBOffset;
        if (damage is SlotDamage.ZeroSlotA or SlotDamage.ZeroSlotB)
        {
            stream.Position = slot;
            stream.Write(new byte[DatabaseHeader.SlotSize]);
        }
        else
        {
            // Byte 100 lies in the reserved run 76..127: only the CRC can tell it changed.
            stream.Position = slot + 100;
            int b = stream.ReadByte();
            stream.Position = slot + 100;
            stream.WriteByte((byte)(b ^ 0x10));
        }
    }
}
