// No ANTLR type may appear in the public surface of SharpCoreDB.Sql: callers
// depend on our AST and exceptions only, so the parser generator can change.
using System.Reflection;

namespace SharpCoreDB.Sql.Tests;

public sealed class PublicApiTests
{
    [Fact]
    public void NoAntlrTypeLeaksIntoThePublicApi()
    {
        Assembly assembly = typeof(SqlParser).Assembly;
        var leaks = new List<string>();
        foreach (Type type in assembly.GetExportedTypes())
        {
            Check(type.BaseType, type.FullName!, leaks);
            foreach (Type implemented in type.GetInterfaces())
            {
                Check(implemented, type.FullName!, leaks);
            }

            const BindingFlags Visible = BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
            foreach (MemberInfo member in type.GetMembers(Visible | BindingFlags.NonPublic))
            {
                bool visible = member switch
                {
                    MethodBase m => m.IsPublic || m.IsFamily || m.IsFamilyOrAssembly,
                    FieldInfo f => f.IsPublic || f.IsFamily || f.IsFamilyOrAssembly,
                    PropertyInfo p => (p.GetMethod?.IsPublic ?? false) || (p.GetMethod?.IsFamily ?? false),
                    _ => false,
                };
                if (!visible)
                {
                    continue;
                }

                string where = type.FullName + "." + member.Name;
                switch (member)
                {
                    case MethodInfo method:
                        Check(method.ReturnType, where, leaks);
                        Array.ForEach(method.GetParameters(), p => Check(p.ParameterType, where, leaks));
                        break;
                    case ConstructorInfo constructor:
                        Array.ForEach(constructor.GetParameters(), p => Check(p.ParameterType, where, leaks));
                        break;
                    case FieldInfo field:
                        Check(field.FieldType, where, leaks);
                        break;
                    case PropertyInfo property:
                        Check(property.PropertyType, where, leaks);
                        break;
                }
            }
        }

        Assert.Empty(leaks);
        Assert.DoesNotContain(assembly.GetExportedTypes(), t => t.Namespace == "SharpCoreDB.Sql.Generated");
    }

    private static void Check(Type? type, string where, List<string> leaks)
    {
        if (type is null)
        {
            return;
        }

        if (type.Assembly.GetName().Name!.StartsWith("Antlr4", StringComparison.Ordinal))
        {
            leaks.Add($"{where}: {type.FullName}");
        }

        if (type.IsGenericType)
        {
            foreach (Type argument in type.GetGenericArguments())
            {
                Check(argument, where, leaks);
            }
        }

        if (type.HasElementType)
        {
            Check(type.GetElementType(), where, leaks);
        }
    }
}
