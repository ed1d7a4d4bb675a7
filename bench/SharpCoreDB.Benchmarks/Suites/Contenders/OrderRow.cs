// An order, the second table of the join benchmark: one order per user (order i belongs to
// user i), indexed on user_id. LiteDB stores it in a typed collection; SQL contenders in `orders`.
namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public sealed class OrderRow
{
    public long Id { get; set; }

    public long UserId { get; set; }

    public double Amount { get; set; }

    public static OrderRow Create(long id) => new() { Id = id, UserId = id, Amount = (id % 1000) / 10.0 };
}
