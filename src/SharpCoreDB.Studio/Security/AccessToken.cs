// The secret in the address the tool prints. Anyone on the machine can reach a port
// on 127.0.0.1, so the port alone proves nothing: a request must carry this token
// (in the printed URL once, then in a cookie or header). 128 random bits from the
// system's CSPRNG, compared in constant time so the comparison's duration tells
// nothing about how much of a guess was right.
using System.Security.Cryptography;
using System.Text;

namespace SharpCoreDB.Studio.Security;

/// <summary>A random token and a constant-time check of candidates against it.</summary>
internal sealed class AccessToken
{
    private readonly byte[] _bytes;

    public AccessToken()
    {
        Value = Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(16));
        _bytes = Encoding.ASCII.GetBytes(Value);
    }

    /// <summary>32 lower-case hexadecimal digits.</summary>
    public string Value { get; }

    /// <summary>True when <paramref name="candidate"/> is the token; its time depends only on the lengths.</summary>
    public bool Matches(string? candidate)
    {
        if (candidate is null)
        {
            return false;
        }

        // A candidate of another length fails, but is still compared so that every refusal costs the same.
        byte[] given = Encoding.ASCII.GetBytes(candidate);
        bool sameLength = given.Length == _bytes.Length;
        byte[] compared = sameLength ? given : new byte[_bytes.Length];
        return CryptographicOperations.FixedTimeEquals(compared, _bytes) & sameLength;
    }
}
