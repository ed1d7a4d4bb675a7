// Application-defined scalar functions, as Microsoft.Data.Sqlite offers them:
// CreateFunction with 0 to 4 typed arguments, or an object?[] of any number of them,
// and a deterministic flag. They belong to the connection object: registered before or
// after Open, kept across Close and Open, never seen by other connections (a pooled
// session is handed back without them). An argument is converted as GetFieldValue<T>
// converts a column (NULL to a value type is an error naming the function); the result
// as a parameter value is bound. An exception thrown inside fails the statement, which
// is undone like any failed statement, with a SharpCoreDBException naming the function.
// Passing a null function removes the registration.
using SharpCoreDB.Engine;
using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB.Data;

public sealed partial class SharpCoreDBConnection
{
    private readonly List<(string Name, int Arguments, ScalarFunction? Body, bool Deterministic)> _functions = [];

    /// <summary>Registers (or, with a null <paramref name="function"/>, removes) the function <paramref name="name"/>() on this connection.</summary>
    public void CreateFunction<TResult>(string name, Func<TResult>? function, bool isDeterministic = false) =>
        Register(name, 0, function is null ? null : _ => function(), isDeterministic);

    /// <summary>Registers (or removes) the function <paramref name="name"/>(a1) on this connection.</summary>
    public void CreateFunction<T1, TResult>(string name, Func<T1, TResult>? function, bool isDeterministic = false) =>
        Register(name, 1, function is null ? null : a => function(Argument<T1>(name, a, 0)), isDeterministic);

    /// <summary>Registers (or removes) the function <paramref name="name"/>(a1, a2) on this connection.</summary>
    public void CreateFunction<T1, T2, TResult>(string name, Func<T1, T2, TResult>? function, bool isDeterministic = false) =>
        Register(name, 2, function is null ? null : a => function(Argument<T1>(name, a, 0), Argument<T2>(name, a, 1)), isDeterministic);

    /// <summary>Registers (or removes) the function <paramref name="name"/>(a1, a2, a3) on this connection.</summary>
    public void CreateFunction<T1, T2, T3, TResult>(string name, Func<T1, T2, T3, TResult>? function, bool isDeterministic = false) =>
        Register(name, 3, function is null ? null : a => function(Argument<T1>(name, a, 0), Argument<T2>(name, a, 1), Argument<T3>(name, a, 2)), isDeterministic);

    /// <summary>Registers (or removes) the function <paramref name="name"/>(a1, a2, a3, a4) on this connection.</summary>
    public void CreateFunction<T1, T2, T3, T4, TResult>(string name, Func<T1, T2, T3, T4, TResult>? function, bool isDeterministic = false) =>
        Register(name, 4, function is null ? null : a => function(Argument<T1>(name, a, 0), Argument<T2>(name, a, 1), Argument<T3>(name, a, 2),
            Argument<T4>(name, a, 3)), isDeterministic);

    /// <summary>
    /// Registers (or removes) the function <paramref name="name"/> for any number of arguments, given as objects (NULL as
    /// null; long, double, string, byte[] ... as GetValue returns them).
    /// </summary>
    public void CreateFunction<TResult>(string name, Func<object?[], TResult>? function, bool isDeterministic = false) =>
        Register(name, UserFunctions.AnyCount, function is null ? null : a => function([.. a.Select(v => v.IsNull ? null : FieldValueConverter.ToObject(v))]),
            isDeterministic);

    private void Register(string name, int arguments, Func<DbValue[], object?>? body, bool deterministic)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        ScalarFunction? scalar = body is null ? null : args => Call(name, body, args);
        _functions.RemoveAll(f => f.Arguments == arguments && string.Equals(f.Name, name, StringComparison.OrdinalIgnoreCase));
        if (scalar is not null)
        {
            _functions.Add((name, arguments, scalar, deterministic));
        }

        _session?.Functions.Set(name, arguments, scalar, deterministic);
    }

    // A session taken at Open gets exactly this connection's functions.
    private void ApplyFunctions(Session session)
    {
        session.Functions.Clear();
        foreach (var (name, arguments, body, deterministic) in _functions)
        {
            session.Functions.Set(name, arguments, body, deterministic);
        }

        ApplyAggregates(session);
        ApplyCollations(session);
    }

    private static DbValue Call(string name, Func<DbValue[], object?> body, ReadOnlySpan<DbValue> args)
    {
        object? result;
        try
        {
            result = body(args.ToArray());
        }
        catch (Exception e) when (e is not SharpCoreDBException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"function {name}() failed: {e.Message}", e);
        }

        return ParameterValueBinder.FromFunctionResult(result, name);
    }

    private static T Argument<T>(string name, DbValue[] args, int position)
    {
        try
        {
            return FieldValueConverter.To<T>(args[position]);
        }
        catch (Exception e) when (e is InvalidCastException or FormatException or OverflowException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.TypeMismatch,
                $"function {name}(): argument {position + 1} ({(args[position].IsNull ? "NULL" : args[position].Type.ToString())}) is not a {typeof(T).Name}", e);
        }
    }
}
