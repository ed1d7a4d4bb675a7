// Application-defined aggregates, as Microsoft.Data.Sqlite offers them: CreateAggregate
// with a seed, a step that folds each row's arguments (none, one, two, or an object?[]
// of any number) into the accumulator, and an optional result selector. Every group
// (and every window frame, used with OVER) starts again from the seed. Like the
// connection's functions they belong to the connection object, are found before the
// built-in aggregates, and an exception inside fails the statement, undone like any
// failed statement, with a SharpCoreDBException naming the aggregate. A null step
// removes the registration.
using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB.Data;

public sealed partial class SharpCoreDBConnection
{
    private readonly List<(string Name, int Arguments, Func<IAggregate>? Create)> _aggregates = [];

    /// <summary>Registers (or, with a null <paramref name="func"/>, removes) the aggregate <paramref name="name"/>() of no arguments.</summary>
    public void CreateAggregate<TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, TAccumulate>? func) =>
        RegisterAggregate(name, 0, seed, func is null ? null : (state, _) => func(state), state => state);

    /// <summary>Registers (or removes) the aggregate <paramref name="name"/>(a1).</summary>
    public void CreateAggregate<T1, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, TAccumulate>? func) =>
        CreateAggregate(name, seed, func, state => state);

    /// <summary>Registers (or removes) the aggregate <paramref name="name"/>(a1), its value <paramref name="resultSelector"/> of the accumulator.</summary>
    public void CreateAggregate<T1, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, TAccumulate>? func,
        Func<TAccumulate, TResult> resultSelector) =>
        RegisterAggregate(name, 1, seed, func is null ? null : (state, a) => func(state, Argument<T1>(name, a, 0)), resultSelector);

    /// <summary>Registers (or removes) the aggregate <paramref name="name"/>(a1, a2).</summary>
    public void CreateAggregate<T1, T2, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, TAccumulate>? func) =>
        CreateAggregate(name, seed, func, state => state);

    /// <summary>Registers (or removes) the aggregate <paramref name="name"/>(a1, a2), its value <paramref name="resultSelector"/> of the accumulator.</summary>
    public void CreateAggregate<T1, T2, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, TAccumulate>? func,
        Func<TAccumulate, TResult> resultSelector) =>
        RegisterAggregate(name, 2, seed, func is null ? null : (state, a) => func(state, Argument<T1>(name, a, 0), Argument<T2>(name, a, 1)), resultSelector);

    /// <summary>
    /// Registers (or removes) the aggregate <paramref name="name"/> for any number of arguments, given as objects (NULL as
    /// null; long, double, string, byte[] ... as GetValue returns them).
    /// </summary>
    public void CreateAggregate<TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, object?[], TAccumulate>? func,
        Func<TAccumulate, TResult> resultSelector) =>
        RegisterAggregate(name, UserFunctions.AnyCount, seed,
            func is null ? null : (state, a) => func(state, [.. a.Select(v => v.IsNull ? null : FieldValueConverter.ToObject(v))]), resultSelector);

    private void RegisterAggregate<TAccumulate, TResult>(string name, int arguments, TAccumulate seed, Func<TAccumulate, DbValue[], TAccumulate>? step,
        Func<TAccumulate, TResult> result)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        ArgumentNullException.ThrowIfNull(result);
        Func<IAggregate>? create = step is null ? null : () => new ApplicationAggregate<TAccumulate, TResult>(name, seed, step, result);
        _aggregates.RemoveAll(a => a.Arguments == arguments && string.Equals(a.Name, name, StringComparison.OrdinalIgnoreCase));
        if (create is not null)
        {
            _aggregates.Add((name, arguments, create));
        }

        _session?.Functions.SetAggregate(name, arguments, create);
    }

    // A session taken at Open gets exactly this connection's aggregates (after ApplyFunctions cleared it).
    private void ApplyAggregates(Engine.Session session)
    {
        foreach (var (name, arguments, create) in _aggregates)
        {
            session.Functions.SetAggregate(name, arguments, create);
        }
    }

    /// <summary>One group's accumulator of an application aggregate.</summary>
    private sealed class ApplicationAggregate<TAccumulate, TResult> : IAggregate
    {
        private readonly string _name;
        private readonly TAccumulate _seed;
        private readonly Func<TAccumulate, DbValue[], TAccumulate> _step;
        private readonly Func<TAccumulate, TResult> _result;
        private TAccumulate _state;

        public ApplicationAggregate(string name, TAccumulate seed, Func<TAccumulate, DbValue[], TAccumulate> step, Func<TAccumulate, TResult> result)
        {
            _name = name;
            _seed = seed;
            _step = step;
            _result = result;
            _state = seed;
        }

        public void Step(ReadOnlySpan<DbValue> args)
        {
            DbValue[] values = args.ToArray();
            _state = Guard(_name, () => _step(_state, values));
        }

        public DbValue Finish() => ParameterValueBinder.FromFunctionResult(Guard(_name, () => _result(_state)), _name);

        public void Reset() => _state = _seed;

        private static T Guard<T>(string name, Func<T> call)
        {
            try
            {
                return call();
            }
            catch (Exception e) when (e is not SharpCoreDBException)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"aggregate {name}() failed: {e.Message}", e);
            }
        }
    }
}
