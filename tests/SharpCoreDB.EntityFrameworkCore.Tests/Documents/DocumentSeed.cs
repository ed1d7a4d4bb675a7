// The data the JSON and inheritance tests start from, written the same way through each
// provider: members whose documents and collections cover the cases the queries look at
// (empty arrays, a NULL list, duplicates, NULL elements, negative numbers, a decimal that is
// not exact in binary, dates with ticks, a member with no visits at all), crates of complex
// JSON items (none to three), animals of a TPT hierarchy and vehicles of a TPC one.
namespace SharpCoreDB.EntityFrameworkCore.Tests.Documents;

internal static class DocumentSeed
{
    public static void Fill(DocumentContext context)
    {
        string[] cities = ["Oslo", "Kyoto", "Oslo", "Quito", "Perth", "Oslo"];
        string[][] tags = [["red", "blue"], [], ["green", "red", "red"], ["blue"], ["yellow", "black", "red", "teal"], ["Red"]];
        int[][] scores = [[3, 1, 2], [], [10], [5, 5, 0], [7, -2, 9, 4], [1]];
        int?[][] ratings = [[1, null, 3], [null], [], [4, 5], [null, null, 2], [2]];
        decimal[][] amounts = [[1.5m, 2.25m], [], [100m, 0.1m, 0.2m], [19.99m], [-3.5m, 1000000.01m], [0m]];
        DayOfWeek[][] days = [[DayOfWeek.Monday, DayOfWeek.Friday], [], [DayOfWeek.Sunday], [DayOfWeek.Saturday, DayOfWeek.Sunday], [DayOfWeek.Wednesday], []];
        List<string>?[] aliases = [["Al", "Ally"], null, [], null, ["Zed"], ["Six", "Al"]];
        DateTime[][] reminders =
        [
            [new DateTime(2024, 3, 1, 8, 0, 0)],
            [],
            [new DateTime(2023, 12, 31, 23, 59, 59).AddTicks(9_999_999), new DateTime(2024, 6, 15, 12, 0, 0)],
            [new DateTime(2025, 1, 1)],
            [new DateTime(2024, 2, 29, 10, 30, 15, 500), new DateTime(2022, 1, 1).AddTicks(1234)],
            [],
        ];
        for (int i = 0; i < cities.Length; i++)
        {
            context.Members.Add(new Member
            {
                Name = $"member {i}",
                Contact = new Contact
                {
                    Email = i == 3 ? null : $"{(char)('a' + (i * 7 % 5))}{i}@example.test",
                    Verified = i % 2 == 0,
                    Address = new Address { City = cities[i], Floor = i == 2 ? null : i * 2, Since = new DateTime(2019 + i, 1 + i, 10, 8, 30, 15).AddTicks(i * 1234), Rent = 700m + (i * 333.25m), Opens = new TimeOnly(7 + i, 30, 15).Add(TimeSpan.FromTicks(i * 77)) },
                    Links = [.. Enumerable.Range(0, i % 3).Select(k => new Link { Url = $"https://site{k}.test/{i}", Clicks = (k * 10) + i, Token = k == 0 ? null : [(byte)i, 0xFF, (byte)k] })],
                },
                Visits = i == 5 ? [] : [.. Enumerable.Range(0, i + 1).Select(v => new Visit
                {
                    At = new DateTime(2024, 1, 1).AddDays(v * i),
                    Pages = v + i,
                    Note = v % 2 == 0 ? null : $"note {v}",
                    Labels = [.. new[] { "x", "y", "z" }.Take((v + i) % 4)],
                    Duration = TimeSpan.FromMinutes(17 * (v + i)) - TimeSpan.FromSeconds(v),
                })],
                Tags = [.. tags[i]],
                Scores = scores[i],
                Ratings = [.. ratings[i]],
                Reminders = [.. reminders[i]],
                Amounts = [.. amounts[i]],
                Days = [.. days[i]],
                Chunks = [.. Enumerable.Range(0, i % 3).Select(k => new byte[] { (byte)k, (byte)(i * 40), 0 }.Take(k + 1).ToArray())],
                Alarms = [.. Enumerable.Range(0, i % 4).Select(k => new TimeOnly(6 + i + (k * 5), 15 * k))],
                Aliases = aliases[i],
            });
        }

        for (int i = 0; i < 4; i++)
        {
            context.Crates.Add(new Crate
            {
                Items = [.. Enumerable.Range(0, i).Select(k => new Item { Name = $"item {i}.{k}", Quantity = (k * 3) + i, Packed = new DateTime(2024, 1 + i, 1 + k), Tags = [.. new[] { "fragile", "heavy" }.Take(k)] })],
                Size = new Size { Width = 10 * i, Marks = [.. Enumerable.Range(i, i)] },
            });
        }

        context.Animals.AddRange(
            new Dog { Name = "Fido", Born = new DateOnly(2018, 3, 1), Breed = "beagle", Trained = true },
            new Cat { Name = "Tom", Born = new DateOnly(2021, 7, 9), Lives = 9 },
            new Dog { Name = "Laika", Born = new DateOnly(2015, 1, 1), Breed = "husky" },
            new Cat { Name = "Felix", Born = new DateOnly(2019, 12, 31), Lives = 3 });
        context.Vehicles.AddRange(
            new Car { Id = 1, Maker = "Fiat", Price = 9000m, Doors = 3 },
            new Bike { Id = 2, Maker = "Gazelle", Price = 899.99m, Electric = true, RangeKm = 60 },
            new Bike { Id = 3, Maker = "Trek", Price = 1299m, Electric = true },
            new Car { Id = 4, Maker = "Toyota", Price = 21000.5m, Doors = 5 });
        context.SaveChanges();
    }
}
