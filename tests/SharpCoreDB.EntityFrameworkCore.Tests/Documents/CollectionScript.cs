// SaveChanges steps over the collections stored as JSON, which DocumentTests runs on both
// providers after its own steps and compares after each (and after reopening): primitive
// collections grown, shrunk, changed in place, emptied, set to NULL and back, a replaced
// array, strings that JSON must escape, dates with ticks and decimals; primitive lists and
// owned collections inside the JSON documents; complex JSON collections and objects; a new member with every collection filled;
// and ExecuteUpdate/ExecuteDelete whose WHERE reads a collection.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Documents;

internal static class CollectionScript
{
    public static IEnumerable<(string Step, Action<DocumentContext> Change)> Steps()
    {
        yield return ("an element added to a list and an array replaced", db =>
        {
            Member m = db.Members.Single(x => x.Id == 1);
            m.Tags.Add("added");
            m.Scores = [.. m.Scores, 42];
        }
        );
        yield return ("an element removed and one changed in place", db =>
        {
            db.Members.Single(x => x.Id == 3).Tags.Remove("red");
            db.Members.Single(x => x.Id == 1).Ratings[1] = 7;
        }
        );
        yield return ("a list emptied and a NULL list filled", db =>
        {
            db.Members.Single(x => x.Id == 5).Tags.Clear();
            db.Members.Single(x => x.Id == 2).Aliases = ["Bee"];
        }
        );
        yield return ("a list set to NULL", db => db.Members.Single(x => x.Id == 1).Aliases = null);
        yield return ("strings JSON escapes", db => db.Members.Single(x => x.Id == 2).Tags.AddRange(["it's", "say \"hi\"", "back\\slash", "line\nbreak", "tab\t", "é 日本 🙂", ""]));
        yield return ("dates, decimals and enums", db =>
        {
            Member m = db.Members.Single(x => x.Id == 5);
            m.Reminders.Add(new DateTime(2030, 12, 31, 23, 59, 59).AddTicks(1234567));
            m.Amounts[0] = 0.0001m;
            m.Amounts.Add(79228162514264337593543950.335m);
            m.Days.Add(DayOfWeek.Tuesday);
        }
        );
        yield return ("a TimeOnly and a TimeSpan changed alone inside documents, a TimeOnly added to a list", db =>
        {
            Member m = db.Members.Single(x => x.Id == 2);
            m.Contact.Address.Opens = new TimeOnly(23, 59, 59).Add(TimeSpan.FromTicks(9_999_999));
            m.Visits[1].Duration = TimeSpan.FromDays(-1.5);
            m.Alarms.Add(new TimeOnly(0, 0, 1));
        }
        );
        yield return ("labels inside a visit", db =>
        {
            Member m = db.Members.Single(x => x.Id == 2);
            m.Visits[0].Labels.Add("label 'quoted'");
            m.Visits[1].Labels = [];
        }
        );
        yield return ("links inside the contact", db =>
        {
            Member m = db.Members.Single(x => x.Id == 6);
            m.Contact.Links[0].Clicks = 1000;
            m.Contact.Links[1].Token = [0, 1, 2, 254];
            m.Chunks.Add([9, 8, 7]);
            m.Contact.Links.Add(new Link { Url = "https://new.test/?a=1&b='2'", Clicks = -1 });
        }
        );
        yield return ("complex JSON items and a list inside a complex object", db =>
        {
            Crate crate = db.Crates.Single(c => c.Id == 3);
            crate.Items[0].Quantity = 99;
            crate.Items[1].Tags.Add("new");
            crate.Items.Add(new Item { Name = "added", Quantity = 1, Packed = new DateTime(2026, 2, 3, 4, 5, 6), Tags = ["x"] });
            crate.Size.Marks.Insert(0, -7);
            db.Crates.Single(c => c.Id == 1).Size = new Size { Width = 5, Marks = [5] };
        }
        );
        yield return ("a new member with every collection", db => db.Members.Add(new Member
        {
            Name = "Full",
            Contact = new Contact { Address = new Address { City = "Rome", Since = new DateTime(2021, 4, 5) }, Links = [new Link { Url = "u", Clicks = 1 }] },
            Visits = [new Visit { At = new DateTime(2026, 6, 6), Pages = 1, Labels = ["a", "b"] }],
            Tags = ["one", "two"],
            Scores = [int.MinValue, 0, int.MaxValue],
            Ratings = [null, 1],
            Reminders = [new DateTime(1999, 12, 31, 23, 59, 59, 999)],
            Amounts = [-0.5m, 12345678901234567890.123456789m],
            Days = [DayOfWeek.Thursday],
            Aliases = [],
        }));
        yield return ("ExecuteUpdate where a collection holds a value", db =>
            db.Members.Where(m => m.Tags.Contains("blue")).ExecuteUpdate(s => s.SetProperty(m => m.Scores, new[] { 4, 2 }).SetProperty(m => m.Name, m => m.Name + " (blue)")));
        yield return ("ExecuteDelete where a collection is empty", db => db.Members.Where(m => !m.Tags.Any() && m.Scores.Length < 3).ExecuteDelete());
    }
}
