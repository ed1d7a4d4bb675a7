// Counts of records passed, failed and skipped.
namespace SharpCoreDB.SqlLogicTest;

/// <summary>Record outcome counters.</summary>
internal sealed class TestTally
{
    public int Passed { get; set; }

    public int Failed { get; set; }

    public int Skipped { get; set; }

    public void Add(TestTally other)
    {
        Passed += other.Passed;
        Failed += other.Failed;
        Skipped += other.Skipped;
    }

    public override string ToString() => $"{Passed} passed, {Failed} failed, {Skipped} skipped";
}
