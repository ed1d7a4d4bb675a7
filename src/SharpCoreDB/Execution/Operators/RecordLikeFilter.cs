// A WHERE conjunct `column [NOT] LIKE pattern [ESCAPE e]` tested on a table record's
// bytes before the row is decoded (docs/query-engine.md, "Record filters"). A full
// scan with such a filter decodes only the rows that may pass: a 100k-row search
// then allocates nothing per rejected row instead of a string per row.
//
// The filter is a pre-check, never the judge: MayPass answers false only when the
// conjunct is certainly not true (the row could not reach the result), and true
// otherwise. The conjunct itself still runs on every row that gets through, so a
// row the filter cannot decide on bytes (NULL, a number or a blob in the column,
// text that is not valid UTF-8 under a pattern that needs it, an odd pattern or
// escape) simply takes the ordinary path, errors included.
using System.Text;
using System.Text.Unicode;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>A LIKE conjunct checked on a record's UTF-8 bytes.</summary>
internal sealed class RecordLikeFilter
{
    private readonly int _column;
    private readonly Evaluator _pattern;
    private readonly Evaluator? _escape;
    private readonly bool _negated;
    private string? _lastPattern;
    private string? _lastEscape;
    private byte[] _patternBytes = [];
    private byte[] _escapeBytes = [];
    private LikeShape _shape;
    private Range _literal;
    private bool _active;
    private bool _validate;

    private RecordLikeFilter(int column, Evaluator pattern, Evaluator? escape, bool negated)
    {
        _column = column;
        _pattern = pattern;
        _escape = escape;
        _negated = negated;
    }

    /// <summary>The record column the filter reads.</summary>
    public int Column => _column;

    /// <summary>
    /// A filter for <paramref name="filter"/> when it is a LIKE on a stored column of the relation whose slots start
    /// at <paramref name="firstSlot"/> in <paramref name="frame"/>, with a pattern and escape that stay the same
    /// during one execution (literals, parameters); otherwise null.
    /// </summary>
    public static RecordLikeFilter? TryCreate(Evaluator filter, Frame frame, int firstSlot, TableSchema table)
    {
        if (filter is not LikeEvaluator { Operator: LikeOperator.Like } like
            || like.Operand is not SlotEvaluator slot
            || !ReferenceEquals(slot.Frame, frame)
            || !like.Pattern.IsConstant
            || (like.Escape is not null && !like.Escape.IsConstant))
        {
            return null;
        }

        int column = slot.Slot - firstSlot;
        if (column < 0 || column >= table.Columns.Count || column == table.RowIdColumn)
        {
            // Not this relation's column, or the rowid alias (stored as NULL; the key holds it).
            return null;
        }

        return new RecordLikeFilter(column, like.Pattern, like.Escape, like.Negated);
    }

    /// <summary>Evaluates the pattern and escape for this execution (or this outer row).</summary>
    public void Prepare()
    {
        _active = false;
        try
        {
            PrepareValues();
        }
        catch (SharpCoreDBException)
        {
            // The conjunct reports the error when (and if) a row reaches it, as without the filter.
            _active = false;
        }
    }

    private void PrepareValues()
    {
        DbValue pattern = _pattern.Evaluate();
        if (pattern.IsNull || pattern.Type == DbValueType.Blob)
        {
            return;
        }

        // Read as SQLite reads it: up to a NUL character.
        string patternText = SqlLike.UpToNul(SqlTextConversion.ToText(pattern)!);
        string? escapeText = null;
        if (_escape is not null)
        {
            DbValue escape = _escape.Evaluate();
            if (escape.IsNull || escape.Type == DbValueType.Blob)
            {
                return;
            }

            escapeText = SqlLike.UpToNul(SqlTextConversion.ToText(escape)!);
            if (escapeText.Length != 1 || char.IsSurrogate(escapeText[0]))
            {
                // SqlLike reports a bad escape on the first row; leave that to the conjunct.
                return;
            }
        }

        if (!ReferenceEquals(patternText, _lastPattern) || !ReferenceEquals(escapeText, _lastEscape))
        {
            byte[]? bytes = Utf8Like.Encode(patternText);
            if (bytes is null)
            {
                return;
            }

            _patternBytes = bytes;
            _escapeBytes = escapeText is null ? [] : Encoding.UTF8.GetBytes(escapeText);
            _validate = Utf8Like.NeedsValidText(_patternBytes, _escapeBytes);
            _shape = Utf8Like.Classify(_patternBytes, _escapeBytes, out _literal);
            _lastPattern = patternText;
            _lastEscape = escapeText;
        }

        _active = true;
    }

    /// <summary>False only when the conjunct is certainly not true for <paramref name="record"/>.</summary>
    public bool MayPass(ReadOnlySpan<byte> record)
    {
        if (!_active)
        {
            return true;
        }

        var reader = new RecordReader(record);
        if (reader.GetColumnType(_column) != DbValueType.Text)
        {
            return true;
        }

        ReadOnlySpan<byte> text = reader.GetBytes(_column);
        int nul = text.IndexOf((byte)0);
        if (nul >= 0)
        {
            text = text[..nul]; // SQLite's LIKE reads the text up to a NUL
        }

        if (_validate && !Utf8.IsValid(text))
        {
            return true;
        }

        bool match = _shape == LikeShape.General
            ? Utf8Like.Matches(text, _patternBytes, _escapeBytes)
            : Utf8Like.MatchesShape(_shape, text, _patternBytes.AsSpan(_literal));
        return match != _negated;
    }
}
