// JSON documents in a TEXT column (issue 24): a table of documents shaped as applications
// store them (`{"name":..,"email":..,"age":..,"active":..,"tags":[..],"address":{"city":..,
// "zip":..}}`, about 160 bytes each), filtered and projected by ->> without an index:
//   SELECT id, doc ->> '$.name', doc ->> '$.address.city' FROM docs WHERE doc ->> '$.age' = @age
// (one age in 60, so 1.7% of the rows come back; every document is read and parsed).
// LiteDB stores the same documents natively (BsonDocument) and runs the same filter and
// projection as a query on its fields.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.JsonQueryBenchmarks*' --job short
using System.Data.Common;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using LiteDB;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class JsonQueryBenchmarks
{
    private const int Ages = 60;
    private Contender _contender = null!;
    private DbCommand? _query;
    private ILiteCollection<BsonDocument>? _documents;
    private int _next;

    public static IEnumerable<string> Contenders => BenchScale.Contenders(ContenderNames.Default);

    public static IEnumerable<int> RowCounts => BenchScale.IsDry ? [1_000] : [100_000];

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        string directory = Path.Combine(Path.GetTempPath(), "scdb-bench-json", Contender + "-" + Rows);
        if (System.IO.Directory.Exists(directory))
        {
            System.IO.Directory.Delete(directory, recursive: true);
        }

        _contender = ContenderNames.Create(Contender, directory);
        if (_contender is LiteDbContender lite)
        {
            _documents = lite.Database.GetCollection<BsonDocument>("docs");
            _documents.InsertBulk(Enumerable.Range(1, Rows).Select(i => BsonMapper.Global.ToDocument(Document(i))));
            return;
        }

        DbConnection connection = ((AdoNetSession)_contender.Main).Connection;
        DbCommands.Execute(connection, "CREATE TABLE docs (id INTEGER PRIMARY KEY, doc TEXT NOT NULL)");
        using (DbTransaction transaction = connection.BeginTransaction())
        using (DbCommand insert = connection.CreateCommand())
        {
            insert.Transaction = transaction;
            insert.CommandText = "INSERT INTO docs (id, doc) VALUES (@id, @doc)";
            DbParameter id = DbCommands.Parameter(insert, "@id"), doc = DbCommands.Parameter(insert, "@doc");
            for (int i = 1; i <= Rows; i++)
            {
                id.Value = (long)i;
                doc.Value = System.Text.Json.JsonSerializer.Serialize(Document(i));
                insert.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        _query = connection.CreateCommand();
        _query.CommandText = "SELECT id, doc ->> '$.name', doc ->> '$.address.city' FROM docs WHERE doc ->> '$.age' = @age";
        DbCommands.Parameter(_query, "@age");
        _query.Prepare();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _query?.Dispose();
        _contender.Dispose();
    }

    [Benchmark(Description = "JSON filter and project (->>)")]
    public int FilterAndProject()
    {
        int age = 18 + (_next++ % Ages);
        int found = 0;
        if (_documents is not null)
        {
            foreach (BsonDocument d in _documents.Find(LiteDB.Query.EQ("age", age)))
            {
                found += d["name"].AsString.Length + d["address"]["city"].AsString.Length > 0 ? 1 : 0;
            }

            return found;
        }

        _query!.Parameters[0].Value = (long)age;
        using DbDataReader reader = _query.ExecuteReader();
        while (reader.Read())
        {
            found += reader.GetString(1).Length + reader.GetString(2).Length > 0 ? 1 : 0;
        }

        return found;
    }

    private static Dictionary<string, object> Document(int i) => new()
    {
        ["name"] = "user " + i.ToString("D6", CultureInfo.InvariantCulture),
        ["email"] = "user" + i.ToString(CultureInfo.InvariantCulture) + "@example.com",
        ["age"] = 18 + (i % Ages),
        ["active"] = i % 3 != 0,
        ["tags"] = new[] { "tag" + (i % 7), "tag" + (i % 11) },
        ["address"] = new Dictionary<string, object> { ["city"] = "City " + (i % 97), ["zip"] = (10000 + (i % 89999)).ToString(CultureInfo.InvariantCulture) },
    };


}
