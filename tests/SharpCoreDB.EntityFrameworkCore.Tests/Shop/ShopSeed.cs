// The same data for both providers, from a fixed seed: mixed-case and non-ASCII names,
// NULLs in every nullable column, decimals with cents, times with fractions of a second,
// negative and zero values, an empty string and strings with LIKE's % and _ in them.
namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public static class ShopSeed
{
    private static readonly string[] FirstNames = ["Ada", "bob", "Chloé", "DAVID", "Émile", "Fatima", "Grace", "Hiro", "Ivan", "Jürgen", "kim", "Lea"];
    private static readonly string[] Cities = ["Amsterdam", "berlin", "Cairo", "Zürich", "Oslo", "São Paulo"];
    private static readonly string[] Categories = ["Books", "Games", "Garden", "Kitchen", "Music"];
    private static readonly string[] Words = ["alpha", "Beta", "gamma", "100%", "under_score", "Delta", "", "ümlaut", "x"];

    public static void Fill(ShopContext context)
    {
        var random = new Random(20261125);
        var tags = Enumerable.Range(1, 8).Select(i => new Tag { Label = $"{Words[i % Words.Length]}-{i}" }).ToList();
        context.Tags.AddRange(tags);

        var products = new List<Product>();
        for (int i = 1; i <= 24; i++)
        {
            Product product = i % 4 == 0
                ? new DigitalProduct { DownloadUrl = $"https://example.test/d/{i}", SizeKb = random.Next(10, 90_000) }
                : new Product();
            product.Name = $"{Words[random.Next(Words.Length)]} {FirstNames[random.Next(FirstNames.Length)]} {i}";
            product.Category = Categories[random.Next(Categories.Length)];
            product.Price = Math.Round((decimal)random.NextDouble() * 200m, 2);
            product.Weight = i % 5 == 0 ? null : (float)Math.Round(random.NextDouble() * 10, 3);
            product.Thumbnail = i % 3 == 0 ? null : [.. Enumerable.Range(0, random.Next(0, 6)).Select(_ => (byte)random.Next(256))];
            product.Discontinued = random.Next(5) == 0;
            product.Stock = random.Next(-5, 5000) * (long)random.Next(1, 3);
            product.Tags.AddRange(tags.Where(_ => random.Next(3) == 0));
            products.Add(product);
        }

        context.Products.AddRange(products);
        var start = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Unspecified);
        for (int i = 1; i <= 30; i++)
        {
            var customer = new Customer
            {
                Name = $"{FirstNames[random.Next(FirstNames.Length)]} {(char)('A' + random.Next(26))}. Example{i}",
                City = i % 7 == 0 ? null : Cities[random.Next(Cities.Length)],
                Email = i % 5 == 0 ? null : $"user{i}@Example.test",
                IsVip = random.Next(4) == 0,
                CreditLimit = random.Next(0, 100) * 50.25m,
                Birthday = i % 6 == 0 ? null : new DateOnly(1950 + random.Next(60), 1 + random.Next(12), 1 + random.Next(28)),
                JoinedAt = start.AddDays(random.Next(0, 700)).AddTicks(random.Next(0, 86_400) * TimeSpan.TicksPerSecond + random.Next(0, 10_000_000)),
                LastSeen = i % 4 == 0 ? null : new DateTimeOffset(2025, 6, 1 + random.Next(28), random.Next(24), random.Next(60), 0, TimeSpan.FromHours(random.Next(-5, 6))),
                ExternalId = new Guid([.. Enumerable.Range(0, 16).Select(_ => (byte)random.Next(256))]),
                Tier = (CustomerTier)random.Next(3),
                PreferredCallTime = new TimeOnly(8 + random.Next(10), random.Next(4) * 15),
                Address = new Address { Street = $"{random.Next(1, 300)} {Words[random.Next(Words.Length)]} Street", PostCode = i % 3 == 0 ? null : $"{random.Next(1000, 9999)}" },
            };
            int orders = random.Next(0, 6);
            for (int o = 0; o < orders; o++)
            {
                DateTime ordered = customer.JoinedAt.AddHours(random.Next(1, 5000));
                var order = new Order
                {
                    OrderedAt = ordered,
                    ShippedAt = random.Next(3) == 0 ? null : ordered.AddHours(random.Next(1, 96)),
                    Discount = random.Next(3) == 0 ? null : Math.Round(random.NextDouble() * 0.3, 4),
                    Status = (OrderStatus)random.Next(4),
                    Notes = random.Next(2) == 0 ? null : Words[random.Next(Words.Length)],
                    DeliveryWindow = TimeSpan.FromMinutes(random.Next(30, 600)),
                    Version = 1,
                };
                int lines = random.Next(1, 5);
                for (int l = 0; l < lines; l++)
                {
                    Product product = products[random.Next(products.Count)];
                    order.Lines.Add(new OrderLine { Product = product, Quantity = (short)random.Next(1, 10), UnitPrice = product.Price });
                }

                order.Total = order.Lines.Sum(line => line.Quantity * line.UnitPrice);
                customer.Orders.Add(order);
            }

            context.Customers.Add(customer);
        }

        context.SaveChanges();
    }
}
