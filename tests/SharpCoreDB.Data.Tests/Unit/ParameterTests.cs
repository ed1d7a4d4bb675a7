// Parameters and their collection: DbType inference, explicit types, name lookup
// with and without prefixes, binding to engine values, and the collection contract.
using System.Data;
using SharpCoreDB.Values;

namespace SharpCoreDB.Data.Tests.Unit;

public sealed class ParameterTests
{
    private enum Color : short
    {
        Red = 1,
        Blue = 7,
    }

    public static TheoryData<object?, DbType> Inferred => new()
    {
        { null, DbType.String },
        { DBNull.Value, DbType.String },
        { true, DbType.Boolean },
        { (byte)1, DbType.Byte },
        { (sbyte)1, DbType.SByte },
        { (short)1, DbType.Int16 },
        { (ushort)1, DbType.UInt16 },
        { 1, DbType.Int32 },
        { 1u, DbType.UInt32 },
        { 1L, DbType.Int64 },
        { 1UL, DbType.UInt64 },
        { 1.5f, DbType.Single },
        { 1.5, DbType.Double },
        { 1.5m, DbType.Decimal },
        { "x", DbType.String },
        { 'x', DbType.StringFixedLength },
        { new byte[] { 1 }, DbType.Binary },
        { Guid.Empty, DbType.Guid },
        { new DateTime(2024, 1, 2), DbType.DateTime },
        { new DateTimeOffset(2024, 1, 2, 0, 0, 0, TimeSpan.Zero), DbType.DateTimeOffset },
        { new DateOnly(2024, 1, 2), DbType.Date },
        { new TimeOnly(10, 30), DbType.Time },
        { TimeSpan.FromMinutes(3), DbType.Time },
        { Color.Blue, DbType.Int16 },
        { new MemoryStream(), DbType.Binary },
        { new object(), DbType.Object },
    };

    [Theory]
    [MemberData(nameof(Inferred))]
    public void DbTypeIsInferredFromTheValue(object? value, DbType expected) =>
        Assert.Equal(expected, new SharpCoreDBParameter("p", value).DbType);

    [Fact]
    public void ExplicitDbTypeSticksUntilReset()
    {
        var p = new SharpCoreDBParameter("p", 42) { DbType = DbType.String };
        Assert.Equal(DbType.String, p.DbType);
        Assert.Equal("42", ParameterValueBinder.Bind(p).AsText());
        p.ResetDbType();
        Assert.Equal(DbType.Int32, p.DbType);
        Assert.Equal(42, ParameterValueBinder.Bind(p).AsInt64());
    }

    [Fact]
    public void OnlyInputDirectionIsAccepted()
    {
        var p = new SharpCoreDBParameter();
        p.Direction = ParameterDirection.Input;
        Assert.Throws<ArgumentException>(() => p.Direction = ParameterDirection.Output);
        Assert.Equal(ParameterDirection.Input, p.Direction);
    }

    [Fact]
    public void ValuesBindToTheirStorageClass()
    {
        Assert.True(ParameterValueBinder.ToDbValue(null, "p").IsNull);
        Assert.True(ParameterValueBinder.ToDbValue(DBNull.Value, "p").IsNull);
        Assert.Equal(DbValueType.Integer, ParameterValueBinder.ToDbValue((byte)3, "p").Type);
        Assert.Equal(7, ParameterValueBinder.ToDbValue(Color.Blue, "p").AsInt64());
        Assert.Equal(DbValueType.Decimal, ParameterValueBinder.ToDbValue(ulong.MaxValue, "p").Type);
        Assert.Equal("x", ParameterValueBinder.ToDbValue('x', "p").AsText());
        Assert.Equal("abc", ParameterValueBinder.ToDbValue("abc".ToCharArray(), "p").AsText());
        Assert.Equal(new byte[] { 1, 2 }, ParameterValueBinder.ToDbValue(new MemoryStream([1, 2]), "p").AsBlob());
        Assert.Equal(new byte[] { 2 }, ParameterValueBinder.ToDbValue(new ArraySegment<byte>([1, 2], 1, 1), "p").AsBlob());
        Assert.Equal("t", ParameterValueBinder.ToDbValue(new StringReader("t"), "p").AsText());
        Assert.Equal(TimeSpan.FromHours(2).Ticks, ParameterValueBinder.ToDbValue(TimeSpan.FromHours(2), "p").AsInt64());
        var offset = new DateTimeOffset(2024, 5, 6, 12, 0, 0, TimeSpan.FromHours(2));
        Assert.Equal(offset.UtcDateTime, ParameterValueBinder.ToDbValue(offset, "p").AsDateTime());
        Assert.Equal(new DateTime(2024, 5, 6), ParameterValueBinder.ToDbValue(new DateOnly(2024, 5, 6), "p").AsDateTime());
    }

    [Fact]
    public void BoundBlobsAreCopies()
    {
        byte[] bytes = [1, 2, 3];
        DbValue bound = ParameterValueBinder.ToDbValue(bytes, "p");
        bytes[0] = 9;
        Assert.Equal(1, bound.AsBlob()[0]);
    }

    [Fact]
    public void UnspecifiedDatetimesAreStoredAsGivenAndLocalOnesAsUtc()
    {
        var unspecified = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Unspecified);
        Assert.Equal(unspecified.Ticks, ParameterValueBinder.ToDbValue(unspecified, "p").AsDateTimeTicks());
        var local = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Local);
        Assert.Equal(local.ToUniversalTime().Ticks, ParameterValueBinder.ToDbValue(local, "p").AsDateTimeTicks());
    }

    [Fact]
    public void UnsupportedValueTypeIsNotSupportedAndNamesTheParameter()
    {
        var e = Assert.Throws<NotSupportedException>(() => ParameterValueBinder.Bind(new SharpCoreDBParameter("@shape", new object())));
        Assert.Contains("@shape", e.Message);
    }

    [Fact]
    public void AValueNeverSetIsAnErrorAndDbNullIsNull()
    {
        var e = Assert.Throws<InvalidOperationException>(() => ParameterValueBinder.Bind(new SharpCoreDBParameter { ParameterName = "@x" }));
        Assert.Contains("@x", e.Message);
        Assert.True(ParameterValueBinder.Bind(new SharpCoreDBParameter("@x", DBNull.Value)).IsNull);
    }

    [Fact]
    public void ExplicitDbTypeThatCannotHoldTheValueThrows()
    {
        var p = new SharpCoreDBParameter("@g", "not a guid") { DbType = DbType.Guid };
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, Assert.Throws<SharpCoreDBException>(() => ParameterValueBinder.Bind(p)).ErrorCode);
        var g = Guid.NewGuid();
        Assert.Equal(g, ParameterValueBinder.Bind(new SharpCoreDBParameter("@g", g.ToString()) { DbType = DbType.Guid }).AsGuid());
        Assert.Equal(g.ToByteArray(), ParameterValueBinder.Bind(new SharpCoreDBParameter("@g", g) { DbType = DbType.Binary }).AsBlob());
    }

    [Fact]
    public void SizeTruncatesTextAndBlobs()
    {
        Assert.Equal("ab", ParameterValueBinder.Bind(new SharpCoreDBParameter("p", "abcdef") { Size = 2 }).AsText());
        Assert.Equal(new byte[] { 1 }, ParameterValueBinder.Bind(new SharpCoreDBParameter("p", new byte[] { 1, 2 }) { Size = 1 }).AsBlob());
    }

    [Fact]
    public void CollectionFindsNamesWithOrWithoutPrefix()
    {
        var collection = new SharpCoreDBParameterCollection();
        collection.AddWithValue("@a", 1);
        collection.AddWithValue("b", 2);
        collection.AddWithValue(":c", 3);
        Assert.Equal(0, collection.IndexOf("@a"));
        Assert.Equal(0, collection.IndexOf("a"));
        Assert.Equal(1, collection.IndexOf("$b"));
        Assert.Equal(2, collection.IndexOf("C"));
        Assert.Equal(-1, collection.IndexOf("d"));
        Assert.True(collection.Contains("b"));
        Assert.Equal(2, collection["@b"].Value);
        Assert.Throws<IndexOutOfRangeException>(() => collection["zz"]);
    }

    [Fact]
    public void StatementBindingPrefersExactPrefixAndAcceptsUnprefixed()
    {
        var collection = new SharpCoreDBParameterCollection();
        collection.AddWithValue("x", "plain");
        collection.AddWithValue("@y", "at");
        Assert.Equal("plain", collection.FindForStatement('@', "x")!.Value);
        Assert.Equal("plain", collection.FindForStatement(':', "x")!.Value);
        Assert.Equal("plain", collection.FindForStatement('$', "X")!.Value);
        Assert.Equal("at", collection.FindForStatement('@', "y")!.Value);
        Assert.Null(collection.FindForStatement(':', "y"));
        collection.AddWithValue(":x", "colon");
        Assert.Equal("colon", collection.FindForStatement(':', "x")!.Value);
        Assert.Equal("plain", collection.FindForStatement('@', "x")!.Value);
    }

    [Fact]
    public void StatementBindingOfLargeCollectionsFollowsTheSameRuleThroughEveryChange()
    {
        // Collections of more than a few parameters bind through a name index; it must give the
        // answer the rule gives (first of the statement's spelling, else first unprefixed) after
        // any change to the collection or to a parameter's name.
        string[] bareNames = ["a", "B", "k1", "k10", "id"];
        string[] prefixes = ["", "@", ":", "$"];
        var random = new Random(7);
        var collection = new SharpCoreDBParameterCollection();
        string NewName() => prefixes[random.Next(prefixes.Length)] + (random.Next(2) == 0 ? bareNames[random.Next(bareNames.Length)] : bareNames[random.Next(bareNames.Length)].ToUpperInvariant());
        for (int i = 0; i < 12; i++)
        {
            collection.AddWithValue(NewName(), i);
        }

        int value = 100;
        for (int step = 0; step < 2000; step++)
        {
            switch (random.Next(7))
            {
                case 0:
                    collection.AddWithValue(NewName(), value++);
                    break;
                case 1 when collection.Count > 9:
                    collection.RemoveAt(random.Next(collection.Count));
                    break;
                case 2:
                    collection.Insert(random.Next(collection.Count + 1), new SharpCoreDBParameter(NewName(), value++));
                    break;
                case 3:
                    collection[random.Next(collection.Count)].ParameterName = NewName();
                    break;
                case 4:
                    collection[random.Next(collection.Count)] = new SharpCoreDBParameter(NewName(), value++);
                    break;
                case 5 when collection.Count > 9:
                    collection.Remove(collection[random.Next(collection.Count)]);
                    break;
                default:
                    break;
            }

            foreach (char prefix in "@:$")
            {
                foreach (string name in bareNames)
                {
                    Assert.Same(ByTheRule(collection, prefix, name), collection.FindForStatement(prefix, name));
                }
            }
        }

        static SharpCoreDBParameter? ByTheRule(SharpCoreDBParameterCollection parameters, char prefix, string name)
        {
            SharpCoreDBParameter? unprefixed = null;
            foreach (SharpCoreDBParameter p in parameters)
            {
                string spelled = p.ParameterName;
                bool prefixed = spelled.Length > 0 && spelled[0] is '@' or ':' or '$';
                if (prefixed && spelled[0] == prefix && string.Equals(spelled[1..], name, StringComparison.OrdinalIgnoreCase))
                {
                    return p;
                }

                if (!prefixed && unprefixed is null && string.Equals(spelled, name, StringComparison.OrdinalIgnoreCase))
                {
                    unprefixed = p;
                }
            }

            return unprefixed;
        }
    }

    [Fact]
    public void CollectionContract()
    {
        var collection = new SharpCoreDBParameterCollection();
        var p = new SharpCoreDBParameter("@p", 1);
        Assert.Equal(0, collection.Add((object)p));
        Assert.True(collection.Contains(p));
        Assert.Equal(0, collection.IndexOf(p));
        collection.Insert(0, new SharpCoreDBParameter("@q", 2));
        Assert.Equal(1, collection.IndexOf(p));
        collection.AddRange(new[] { new SharpCoreDBParameter("@r", 3) });
        Assert.Equal(3, collection.Count);
        collection.RemoveAt("@q");
        collection.Remove(p);
        Assert.Equal("@r", collection[0].ParameterName);
        var copy = new SharpCoreDBParameter[1];
        collection.CopyTo(copy, 0);
        Assert.Same(collection[0], copy[0]);
        Assert.Throws<InvalidCastException>(() => collection.Add("not a parameter"));
        Assert.Throws<ArgumentNullException>(() => collection.Add((object)null!));
        collection.Clear();
        Assert.Empty(collection);
    }
}
