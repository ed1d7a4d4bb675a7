// Lists the types a type uses, read from the compiled assembly: its base type and interfaces,
// the types of its fields, properties, method parameters and return values, generic
// arguments, and every type, method and field its method bodies name in their IL. The
// layer test (LayerTests) checks that list against the layer order; reading IL rather than
// source catches a reference however it is spelled (a using, a full name, var).
using System.Reflection;
using System.Reflection.Emit;

namespace SharpCoreDB.Tests.Architecture;

internal static class TypeReferences
{
    private const BindingFlags Declared =
        BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    // One- and two-byte opcodes by their value, to walk an IL body instruction by instruction.
    private static readonly Dictionary<short, OpCode> OpCodesByValue = typeof(OpCodes)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(f => (OpCode)f.GetValue(null)!)
        .ToDictionary(o => o.Value);

    /// <summary>Every type <paramref name="type"/> refers to, with generic arguments unpacked.</summary>
    public static IEnumerable<Type> Of(Type type)
    {
        var found = new HashSet<Type>();
        Add(found, type.BaseType);
        foreach (Type face in type.GetInterfaces())
        {
            Add(found, face);
        }

        foreach (FieldInfo field in type.GetFields(Declared))
        {
            Add(found, field.FieldType);
        }

        foreach (PropertyInfo property in type.GetProperties(Declared))
        {
            Add(found, property.PropertyType);
        }

        foreach (MethodBase method in type.GetMethods(Declared).Cast<MethodBase>().Concat(type.GetConstructors(Declared)))
        {
            if (method is MethodInfo info)
            {
                Add(found, info.ReturnType);
            }

            foreach (ParameterInfo parameter in method.GetParameters())
            {
                Add(found, parameter.ParameterType);
            }

            foreach (Type used in InBody(method))
            {
                Add(found, used);
            }
        }

        return found;
    }

    // The declaring types of the members, and the types, that the method's IL names.
    private static IEnumerable<Type> InBody(MethodBase method)
    {
        byte[]? il = method.GetMethodBody()?.GetILAsByteArray();
        if (il is null)
        {
            yield break;
        }

        Type[]? typeArguments = method.DeclaringType is { IsGenericType: true } d ? d.GetGenericArguments() : null;
        Type[]? methodArguments = method.IsGenericMethod ? method.GetGenericArguments() : null;
        int at = 0;
        while (at < il.Length)
        {
            short value = il[at] == 0xFE ? (short)(0xFE00 | il[at + 1]) : il[at];
            OpCode code = OpCodesByValue[value];
            at += code.Size;
            switch (code.OperandType)
            {
                case OperandType.InlineMethod:
                case OperandType.InlineField:
                case OperandType.InlineType:
                case OperandType.InlineTok:
                    MemberInfo? member = Resolve(method.Module, BitConverter.ToInt32(il, at), typeArguments, methodArguments);
                    if (member is Type t)
                    {
                        yield return t;
                    }
                    else if (member?.DeclaringType is { } declaring)
                    {
                        yield return declaring;
                    }

                    if (member is MethodInfo { IsGenericMethod: true } generic)
                    {
                        foreach (Type argument in generic.GetGenericArguments())
                        {
                            yield return argument;
                        }
                    }

                    break;
            }

            at += OperandSize(code.OperandType, il, at);
        }
    }

    private static MemberInfo? Resolve(Module module, int token, Type[]? typeArguments, Type[]? methodArguments)
    {
        try
        {
            return module.ResolveMember(token, typeArguments, methodArguments);
        }
        catch (ArgumentException)
        {
            // A token into an open generic context the reflection API cannot bind; the
            // member's signature is still checked through the declaring type's members.
            return null;
        }
    }

    private static int OperandSize(OperandType operand, byte[] il, int at) => operand switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        OperandType.InlineSwitch => 4 + (4 * BitConverter.ToInt32(il, at)),
        _ => 4,
    };

    private static void Add(HashSet<Type> found, Type? type)
    {
        if (type is null)
        {
            return;
        }

        if (type.HasElementType)
        {
            Add(found, type.GetElementType());
            return;
        }

        if (type.IsGenericType && !type.IsGenericTypeDefinition)
        {
            foreach (Type argument in type.GetGenericArguments())
            {
                Add(found, argument);
            }

            type = type.GetGenericTypeDefinition();
        }

        if (!type.IsGenericParameter)
        {
            found.Add(type);
        }
    }
}
