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
    public void StorageFoldersUseNeitherTheEngineAboveThemNorEachOtherInACycle()
    {
        // Storage's root (StorageEngine, the checkpointer, recovery) ties its folders together;
        // the folders (Pages, Records, File, Encryption, Cache, Transactions, Logging, BTree)
        // receive what they need and never reach back into the root or round in a circle.
        var uses = new Dictionary<string, SortedSet<string>>(StringComparer.Ordinal);
        var violations = new SortedSet<string>(StringComparer.Ordinal);
        foreach (Type type in Engine.GetTypes())
        {
            string? folder = StorageFolder(type);
            if (folder is null or "")
            {
                continue;
            }

            foreach (Type used in TypeReferences.Of(type))
            {
                string? usedFolder = used.Assembly == Engine ? StorageFolder(used) : null;
                if (usedFolder == "")
                {
                    violations.Add($"{Outermost(type).FullName} (Storage.{folder}) uses {Outermost(used).FullName} (the Storage root)");
                }
                else if (usedFolder is not null && usedFolder != folder)
                {
                    (uses.TryGetValue(folder, out var set) ? set : uses[folder] = new SortedSet<string>(StringComparer.Ordinal)).Add(usedFolder);
                }
            }
        }

        foreach (string folder in uses.Keys)
        {
            if (PathBack(uses, folder, folder, []) is { } cycle)
            {
                violations.Add("cycle: " + folder + " -> " + string.Join(" -> ", cycle));
            }
        }

        Assert.True(violations.Count == 0, "Storage folders must form no cycle and not use the root:\n" + string.Join("\n", violations));
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

    // "" for the Storage root, the folder name for a Storage folder, null outside Storage.
    private static string? StorageFolder(Type type)
    {
        string? name = Outermost(type).Namespace;
        const string Root = "SharpCoreDB.Storage";
        if (name == Root)
        {
            return "";
        }

        return name is not null && name.StartsWith(Root + ".", StringComparison.Ordinal) ? name[(Root.Length + 1)..].Split('.')[0] : null;
    }

    // A path of folder uses from `from` back to `target`, or null when there is none.
    private static List<string>? PathBack(Dictionary<string, SortedSet<string>> uses, string from, string target, HashSet<string> seen)
    {
        foreach (string next in uses.GetValueOrDefault(from) ?? [])
        {
            if (next == target)
            {
                return [next];
            }

            if (seen.Add(next) && PathBack(uses, next, target, seen) is { } rest)
            {
                return [next, .. rest];
            }
        }

        return null;
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
