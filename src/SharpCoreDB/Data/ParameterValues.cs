// Supplies a statement's parameter values from a parameter collection, as the
// engine asks for them: named parameters by name (ParameterCollection rules),
// positional `?` parameters by order in the collection. Several statements in one
// text take positional values one after the other: the second statement's first
// `?` takes the value after the last one the first statement used.
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;

namespace SharpCoreDB.Data;

/// <summary>The engine's view of a command's parameters for one statement.</summary>
internal sealed class ParameterValues : IParameterValues
{
    private SharpCoreDBParameterCollection _parameters;
    private int _positionalOffset;

    public ParameterValues(SharpCoreDBParameterCollection parameters, int positionalOffset) => Reset(parameters, positionalOffset);

    /// <summary>Serves another statement (or execution) of the same command without a new object.</summary>
    [System.Diagnostics.CodeAnalysis.MemberNotNull(nameof(_parameters))]
    public void Reset(SharpCoreDBParameterCollection parameters, int positionalOffset)
    {
        _parameters = parameters;
        _positionalOffset = positionalOffset;
    }

    /// <inheritdoc />
    public DbValue GetValue(StatementParameter parameter)
    {
        if (parameter.Name is null)
        {
            int index = _positionalOffset + parameter.Ordinal - 1;
            if (index < 0 || index >= _parameters.Count)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Misuse,
                    $"Must add a value for the positional parameter ?{parameter.Ordinal} (the command has {_parameters.Count} parameters).");
            }

            return ParameterValueBinder.Bind(_parameters[index]);
        }

        SharpCoreDBParameter? match = _parameters.FindForStatement(parameter.Prefix, parameter.Name)
            ?? throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Misuse, $"Must add a value for the parameter {parameter.Prefix}{parameter.Name}.");
        return ParameterValueBinder.Bind(match);
    }

    /// <summary>How many positional values a statement consumes (its largest `?` ordinal).</summary>
    public static int PositionalCount(PreparedStatement statement)
    {
        int max = 0;
        IReadOnlyList<StatementParameter> parameters = statement.Parameters;
        for (int i = 0; i < parameters.Count; i++)
        {
            StatementParameter p = parameters[i];
            if (p.Name is null && p.Ordinal > max)
            {
                max = p.Ordinal;
            }
        }

        return max;
    }
}
