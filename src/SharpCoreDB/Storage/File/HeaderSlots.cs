// Reading the two header slots of page 0 and choosing the header an open uses.
//
// Both slots hold the same header after every completed header write (see
// DatabaseHeader). They differ only when a crash cut the pair of writes short (the
// slot written first is complete and newer) or when one slot was damaged after the
// fact (its CRC fails). Either way the valid slot with the higher sequence is the
// current header; the open then checks it against the log and the file before
// trusting it (StorageEngine.Recover), and a read-write open writes it back into
// both slots so that the next damaged sector finds a good copy again.
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Storage.File;

/// <summary>The header chosen from the two slots, and whether the slots agreed.</summary>
internal sealed record HeaderSlots(DatabaseHeader Header, bool Agree, string? Problem)
{
    /// <summary>
    /// Reads both slots of <paramref name="file"/>; null when neither holds a valid header
    /// (<paramref name="problem"/> then says what is wrong with slot A, or else slot B).
    /// </summary>
    public static HeaderSlots? Read(IStorageFile file, out string? problem)
    {
        var slotA = new byte[DatabaseHeader.SlotSize];
        var slotB = new byte[DatabaseHeader.SlotSize];
        file.Read(DatabaseHeader.SlotAOffset, slotA);
        file.Read(DatabaseHeader.SlotBOffset, slotB);
        var a = DatabaseHeader.TryRead(slotA, out string? problemA);
        var b = DatabaseHeader.TryRead(slotB, out string? problemB);
        problem = problemA ?? problemB;
        return (a, b) switch
        {
            (null, null) => null,
            (not null, null) => new HeaderSlots(a, Agree: false, $"header slot B is damaged ({problemB})"),
            (null, not null) => new HeaderSlots(b, Agree: false, $"header slot A is damaged ({problemA})"),
            _ when slotA.AsSpan().SequenceEqual(slotB) => new HeaderSlots(a!, Agree: true, null),
            _ => new HeaderSlots(a!.Sequence >= b!.Sequence ? a : b, Agree: false, "the header slots differ (a header write was cut short)"),
        };
    }
}
