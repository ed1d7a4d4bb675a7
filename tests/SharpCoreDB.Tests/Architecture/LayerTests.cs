// The layer rule of docs/architecture.md, checked on the compiled assembly: a type in one
// folder (namespace) of the engine may use the folders listed after it, never one listed
// before it; inside Storage, the sub-folders form no cycle. Without this test the rule
// held only as long as every change was read with it in mind.
using System.Reflection;
using SharpCoreDB.Engine;

namespace SharpCoreDB.Tests.Architecture;

public sealed class LayerTests
{
    // Highest first, as docs/architecture.md lists them.
    private static readonly string[] Layers = ["Data", "Engine", "Planning", "Execution", "Catalog", "Storage", "Values"];

    private static readonly Assembly Engine = typeof(Database).Assembly;

    [Fact]
    public void EveryLayerUsesOnlyTheLayersBelowIt()
    {
        var violations = new SortedSet<string>(StringComparer.Ordinal);
        foreach (Type type in Engine.GetTypes())
        {
            int layer = LayerOf(type);
            if (layer < 0)
            {
                continue;
            }

            foreach (Type used in TypeReferences.Of(type))
            {
                int usedLayer = used.Assembly == Engine ? LayerOf(used) : -1;
                if (usedLayer >= 0 && usedLayer < layer)
                {
                    violations.Add($"{Outermost(type).FullName} ({Layers[layer]}) uses {Outermost(used).FullName} ({Layers[usedLayer]})");
                }
            }
        }

        Assert.True(violations.Count == 0, "Layers must point only down:\n" + string.Join("\n", violations));
    }

    [Fact]
    public void TheTestSeesReferencesInMethodBodies()
    {
        // The rule test is only as good as its reading: a type that names a higher layer
        // only inside a method body must still be found.
        Type[] used = [.. TypeReferences.Of(typeof(BodyOnlyReference))];
        Assert.Contains(typeof(Database), used);
    }

    private static int LayerOf(Type type)
    {
        string? name = Outermost(type).Namespace;
        if (name is null || !name.StartsWith("SharpCoreDB.", StringComparison.Ordinal))
        {
            return -1;
        }

        string folder = name["SharpCoreDB.".Length..].Split('.')[0];
        return Array.IndexOf(Layers, folder);
    }

    private static Type Outermost(Type type)
    {
        while (type.DeclaringType is { } outer)
        {
            type = outer;
        }

        return type;
    }

    private static class BodyOnlyReference
    {
        public static object Name() => nameof(Database) + typeof(Database).Name;
    }
}
