// A streaming RFC 4180 reader: records end at CRLF or LF (a lone CR too), fields
// are separated by commas, a field in double quotes may hold commas, line breaks
// and doubled quotes (""). An empty field without quotes reads as null (NULL once
// imported), an empty quoted field ("") as an empty string, so NULL and '' both
// survive a round trip through the shell's CSV output. Reads through its own
// buffer; the record's fields land in a list the caller reuses.
using System.Text;

namespace SharpCoreDB.Cli.Import;

/// <summary>Reads CSV records one at a time.</summary>
internal sealed class CsvRecordReader(TextReader reader)
{
    private readonly char[] _buffer = new char[64 * 1024];
    private readonly StringBuilder _field = new();
    private int _length;
    private int _position;
    private int _line = 1;

    /// <summary>The 1-based line on which the last record read starts.</summary>
    public int RecordLine { get; private set; }

    /// <summary>Reads the next record into <paramref name="fields"/>; false at end of input.</summary>
    public bool Read(List<string?> fields)
    {
        fields.Clear();
        if (Peek() < 0)
        {
            return false;
        }

        RecordLine = _line;
        while (true)
        {
            bool quoted = ReadField();
            fields.Add(_field.Length == 0 && !quoted ? null : _field.ToString());
            int next = Take();
            if (next == ',')
            {
                continue;
            }

            if (next == '\r' && Peek() == '\n')
            {
                Take();
            }

            if (next is '\r' or '\n')
            {
                _line++;
            }

            return true; // end of line or of input
        }
    }

    // Reads one field into _field and leaves the separator (or line end) unread; true when it was quoted.
    private bool ReadField()
    {
        _field.Clear();
        if (Peek() != '"')
        {
            while (Peek() is >= 0 and not ',' and not '\r' and not '\n')
            {
                _field.Append((char)Take());
            }

            return false;
        }

        int openLine = _line;
        Take();
        while (true)
        {
            int c = Take();
            if (c < 0)
            {
                throw new FormatException($"line {openLine}: a quoted field is not closed before the end of the file");
            }

            if (c == '"')
            {
                if (Peek() == '"')
                {
                    _field.Append((char)Take());
                    continue;
                }

                // Text after the closing quote is kept as is (lenient, as most CSV writers expect).
                while (Peek() is >= 0 and not ',' and not '\r' and not '\n')
                {
                    _field.Append((char)Take());
                }

                return true;
            }

            if (c == '\n' || c == '\r' && Peek() != '\n')
            {
                _line++;
            }

            _field.Append((char)c);
        }
    }

    private int Peek()
    {
        if (_position == _length && !Fill())
        {
            return -1;
        }

        return _buffer[_position];
    }

    private int Take()
    {
        if (_position == _length && !Fill())
        {
            return -1;
        }

        return _buffer[_position++];
    }

    private bool Fill()
    {
        _length = reader.Read(_buffer, 0, _buffer.Length);
        _position = 0;
        return _length > 0;
    }
}
