// Supplies a statement's parameter values from a parameter collection, as the
// engine asks for them: named parameters by name (ParameterCollection rules),
// positional `?` parameters by order in the collection. Several statements in one
// text take positional values one after the other: the second statement's first
// `?` takes the value after the last one the first statement used.
using SharpCoreDB.Engine;
using SharpCoreDB.Values;

namespace SharpCoreDB.Data;

/// <summary>The engine's view of a command's parameters for one statement.</summary>
internal sealed class ParameterValues(SharpCoreDBParameterCollection parameters, int positionalOffset) : IParameterValues
{
    /// <inheritdoc />
    public DbValue GetValue(StatementParameter parameter)
    {
        if (parameter.Name is null)
        {
            int index = positionalOffset + parameter.Ordinal - 1;
            if (index < 0 || index >= parameters.Count)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Misuse,
                    $"Must add a value for the positional parameter ?{parameter.Ordinal} (the command has {parameters.Count} parameters).");
            }

            return ParameterValueBinder.Bind(parameters[index]);
        }

        SharpCoreDBParameter? match = parameters.FindForStatement(parameter.Prefix, parameter.Name)
            ?? throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Misuse, $"Must add a value for the parameter {parameter.Prefix}{parameter.Name}.");
        return ParameterValueBinder.Bind(match);
    }

    /// <summary>How many positional values a statement consumes (its largest `?` ordinal).</summary>
    public static int PositionalCount(PreparedStatement statement)
    {
        int max = 0;
        foreach (StatementParameter p in statement.Parameters)
        {
            if (p.Name is null && p.Ordinal > max)
            {
                max = p.Ordinal;
            }
        }

        return max;
    }
}
