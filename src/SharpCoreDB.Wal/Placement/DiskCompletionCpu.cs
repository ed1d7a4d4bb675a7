// Finds the one CPU that takes the completion interrupts of the disk a file lives on,
// where there is one. Why it matters: a committer's fsync ends with the disk's
// completion interrupt, which the kernel handles on the CPU the interrupt is routed
// to; if the thread sleeping in fdatasync is on another, idle CPU, waking it costs an
// inter-processor interrupt and the wake-up of a halted (virtual) CPU, tens of µs per
// fsync. A device with a single hardware queue (virtio-blk with one queue, AHCI) routes
// every completion to one CPU, so the flush worker belongs there. A multi-queue device
// (NVMe) completes each request on a queue of the submitting CPU, and then there is no
// single place to be; we return -1 and leave the worker to the scheduler.
//
// Linux only, read from sysfs and procfs (paths relative to a root, so tests can build
// a fake tree):
//   sys/dev/block/MAJ:MIN          -> the block device (a partition's parent is the disk)
//   <disk>/mq/                     one subdirectory per hardware queue: must be exactly one
//   <disk>/device, walked upwards  -> the first ancestor with msi_irqs/ (or an irq file)
//   sys/kernel/irq/N/per_cpu_count interrupts taken so far: an IRQ that never fired (a
//                                  virtio config vector) is not a completion vector
//   proc/irq/N/effective_affinity_list (or smp_affinity_list): must name one CPU
// Anything missing or unreadable means "no single CPU": placement is an optimisation
// and never a reason to fail.
using System.Globalization;
using System.Runtime.InteropServices;

namespace SharpCoreDB.Wal.Placement;

/// <summary>The CPU that takes a disk's completion interrupts, if there is exactly one.</summary>
internal static partial class DiskCompletionCpu
{
    // How far up from a block device's "device" link the interrupt-owning (PCI) device may be:
    // virtio-blk is one level up, a SCSI disk behind a host adapter about five.
    private const int MaxDeviceDepth = 8;

    /// <summary>The completion CPU of the disk holding <paramref name="path"/>, or -1.</summary>
    public static int Find(string path)
    {
        if (!OperatingSystem.IsLinux() || !Environment.Is64BitProcess)
        {
            return -1;
        }

        try
        {
            return TryReadDevice(path, out uint major, out uint minor) ? Find("/", major, minor) : -1;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or DllNotFoundException or EntryPointNotFoundException)
        {
            return -1;
        }
    }

    /// <summary>The completion CPU of block device <paramref name="major"/>:<paramref name="minor"/> under <paramref name="root"/>, or -1.</summary>
    public static int Find(string root, uint major, uint minor)
    {
        try
        {
            string? disk = ResolveDirectory(Path.Combine(root, "sys", "dev", "block", $"{major}:{minor}"));
            if (disk is null)
            {
                return -1;
            }

            if (File.Exists(Path.Combine(disk, "partition")))
            {
                disk = Path.GetDirectoryName(disk);
            }

            if (disk is null || !HasOneHardwareQueue(disk))
            {
                return -1;
            }

            var irqs = DeviceInterrupts(ResolveDirectory(Path.Combine(disk, "device")));
            return irqs is null ? -1 : SingleCompletionCpu(root, irqs);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            return -1;
        }
    }

    private static bool HasOneHardwareQueue(string disk)
    {
        string mq = Path.Combine(disk, "mq");
        return Directory.Exists(mq) && Directory.GetDirectories(mq).Length == 1;
    }

    // The IRQ numbers of the first ancestor of the device that owns interrupts.
    private static List<int>? DeviceInterrupts(string? device)
    {
        for (int depth = 0; device is not null && depth < MaxDeviceDepth; depth++)
        {
            string msi = Path.Combine(device, "msi_irqs");
            if (Directory.Exists(msi))
            {
                var irqs = new List<int>();
                foreach (string entry in Directory.GetFileSystemEntries(msi))
                {
                    if (int.TryParse(Path.GetFileName(entry), NumberStyles.None, CultureInfo.InvariantCulture, out int irq))
                    {
                        irqs.Add(irq);
                    }
                }

                return irqs;
            }

            string legacy = Path.Combine(device, "irq");
            if (TryReadNumber(legacy, out int line) && line > 0)
            {
                return [line];
            }

            device = Path.GetDirectoryName(device);
        }

        return null;
    }

    // The one CPU every interrupt that has fired is routed to, or -1.
    private static int SingleCompletionCpu(string root, List<int> irqs)
    {
        int cpu = -1;
        foreach (int irq in irqs)
        {
            if (!HasFired(root, irq))
            {
                continue;
            }

            string irqDirectory = Path.Combine(root, "proc", "irq", irq.ToString(CultureInfo.InvariantCulture));
            string affinity = Path.Combine(irqDirectory, "effective_affinity_list");
            if (!File.Exists(affinity))
            {
                affinity = Path.Combine(irqDirectory, "smp_affinity_list");
            }

            if (!TryReadNumber(affinity, out int target))
            {
                return -1; // unreadable, or a list or range of CPUs: no single place
            }

            if (cpu >= 0 && cpu != target)
            {
                return -1;
            }

            cpu = target;
        }

        return cpu;
    }

    // Without per-CPU counts we cannot tell a silent vector from a busy one: count it.
    private static bool HasFired(string root, int irq)
    {
        string counts = Path.Combine(root, "sys", "kernel", "irq", irq.ToString(CultureInfo.InvariantCulture), "per_cpu_count");
        if (!File.Exists(counts))
        {
            return true;
        }

        foreach (string count in File.ReadAllText(counts).Trim().Split(','))
        {
            if (long.TryParse(count, NumberStyles.None, CultureInfo.InvariantCulture, out long taken) && taken > 0)
            {
                return true;
            }
        }

        return false;
    }

    // A file holding one non-negative number (a list or range of CPUs is not one).
    private static bool TryReadNumber(string path, out int number)
    {
        number = 0;
        return File.Exists(path) && int.TryParse(File.ReadAllText(path).Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out number);
    }

    // Follows every symbolic link in the chain; null if the directory does not exist.
    private static string? ResolveDirectory(string path)
    {
        var info = new DirectoryInfo(path);
        if (!info.Exists)
        {
            return null;
        }

        return info.ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? info.FullName;
    }

    // st_dev of the file's directory, split the way glibc's gnu_dev_major/minor do. On the
    // 64-bit Linux ABIs (x86-64, arm64) st_dev is the first field of struct stat, 8 bytes.
    private static bool TryReadDevice(string path, out uint major, out uint minor)
    {
        major = minor = 0;
        string directory = Path.GetDirectoryName(Path.GetFullPath(path)) ?? "/";
        Span<byte> status = stackalloc byte[256];
        if (stat(directory, ref MemoryMarshal.GetReference(status)) != 0)
        {
            return false;
        }

        ulong device = MemoryMarshal.Read<ulong>(status);
        major = (uint)(((device >> 8) & 0xfff) | ((device >> 32) & 0xfffff000));
        minor = (uint)((device & 0xff) | ((device >> 12) & 0xffffff00));
        return true;
    }

    [LibraryImport("libc", EntryPoint = "stat", StringMarshalling = StringMarshalling.Utf8)]
    private static partial int stat(string path, ref byte buffer);
}
