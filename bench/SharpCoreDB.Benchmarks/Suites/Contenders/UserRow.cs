// The row shape every suite writes and reads: a small "user" record (id, name, email,
// age, created-at, active flag), about 80 bytes encoded. Rows are generated from their id
// so that any suite can predict a row's content and its position in the created_at index.
namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public sealed class UserRow
{
    /// <summary>The first created_at; row i is created i seconds later, so ranges of ids are ranges of time.</summary>
    public static readonly DateTime Epoch = new(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    /// <summary>Distinct email domains; a text search for one domain matches 1% of the rows.</summary>
    public const int Domains = 100;

    /// <summary>Distinct ages; GROUP BY age gives this many groups.</summary>
    public const int Ages = 60;

    public long Id { get; set; }

    public string Name { get; set; } = "";

    public string Email { get; set; } = "";

    public int Age { get; set; }

    public DateTime CreatedAt { get; set; }

    public bool Active { get; set; }

    public static UserRow Create(long id) => new()
    {
        Id = id,
        Name = "User " + id.ToString(System.Globalization.CultureInfo.InvariantCulture),
        Email = "user" + id.ToString(System.Globalization.CultureInfo.InvariantCulture) + DomainOf(id),
        Age = 18 + (int)(id % Ages),
        CreatedAt = CreatedAtOf(id),
        Active = (id & 1) == 0,
    };

    public static DateTime CreatedAtOf(long id) => Epoch.AddSeconds(id);

    public static string DomainOf(long id) =>
        "@example" + (id % Domains).ToString(System.Globalization.CultureInfo.InvariantCulture) + ".com";
}
