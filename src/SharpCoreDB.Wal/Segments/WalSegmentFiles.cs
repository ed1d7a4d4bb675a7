// Where a log's files are: the anchor at the log's path and the segments beside it,
// "<path>.00000001", "<path>.00000002", ... (eight digits or more). Recovery, Exists
// and Delete find the segments by listing the directory, so that a lost or stale
// anchor cannot hide them.
using System.Globalization;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Segments;

/// <summary>Names and lists the segment files of a log.</summary>
internal static class WalSegmentFiles
{
    private const int MinDigits = 8;

    public static string SegmentPath(string path, long sequence) =>
        path + "." + sequence.ToString("D8", CultureInfo.InvariantCulture);

    public static string DirectoryOf(string path) => Path.GetDirectoryName(Path.GetFullPath(path)) ?? ".";

    /// <summary>The sequence numbers of the segment files that exist for the log at <paramref name="path"/>, ascending.</summary>
    public static List<long> ListSequences(IFileSystem fileSystem, string path)
    {
        string prefix = Path.GetFileName(path) + ".";
        var sequences = new List<long>();
        foreach (string file in fileSystem.EnumerateFiles(DirectoryOf(path), prefix + "*"))
        {
            string name = Path.GetFileName(file);
            if (!name.StartsWith(prefix, StringComparison.Ordinal))
            {
                continue;
            }

            // Only names the log itself writes: all digits, at least eight, no extra leading zeros.
            ReadOnlySpan<char> digits = name.AsSpan(prefix.Length);
            if (digits.Length >= MinDigits &&
                !digits.ContainsAnyExceptInRange('0', '9') &&
                long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out long sequence) &&
                sequence >= 1 &&
                sequence.ToString("D8", CultureInfo.InvariantCulture).AsSpan().SequenceEqual(digits))
            {
                sequences.Add(sequence);
            }
        }

        sequences.Sort();
        return sequences;
    }
}
