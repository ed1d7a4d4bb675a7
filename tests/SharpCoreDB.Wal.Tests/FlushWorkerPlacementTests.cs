// Where the group-commit log's flush worker runs. DiskCompletionCpu is tested against
// fake sysfs/procfs trees shaped like the real ones (virtio-blk, a partition, NVMe, a
// SCSI disk behind a host adapter), so each rule can fail on its own; the log tests check
// that the worker (started by an awaited append, which it serves) pins itself where the file
// system says when asked to, and nowhere by default or when told not to.
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal.GroupCommit;
using SharpCoreDB.Wal.IO;
using SharpCoreDB.Wal.Placement;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

public sealed class FlushWorkerPlacementTests() : TempDirectoryTests("scdb-wal-")
{
    private const string PciDevice = "sys/devices/pci0000:00/0000:00:02.0";
    private const string VirtioDisk = PciDevice + "/virtio1/block/vda";

    [Fact]
    public void ASingleQueueDiskNamesTheCpuItsCompletionInterruptGoesTo()
    {
        BuildVirtioDisk(completionCpu: 1);
        Assert.Equal(1, DiskCompletionCpu.Find(Dir.Path, 254, 0));
    }

    [Fact]
    public void AVectorThatNeverFiredDoesNotCount()
    {
        // The config vector (35) is routed to CPU 0 but has never fired; only 36 completes requests.
        BuildVirtioDisk(completionCpu: 1);
        Interrupt(35, affinity: "0", counts: "0,0");
        Assert.Equal(1, DiskCompletionCpu.Find(Dir.Path, 254, 0));
    }

    [Fact]
    public void APartitionLeadsToItsDisk()
    {
        BuildVirtioDisk(completionCpu: 0);
        Write(VirtioDisk + "/vda1/partition", "1");
        Link("sys/dev/block/254:1", VirtioDisk + "/vda1");
        Assert.Equal(0, DiskCompletionCpu.Find(Dir.Path, 254, 1));
    }

    [Fact]
    public void AMultiQueueDiskNamesNoCpu()
    {
        // NVMe completes each request on a queue of the submitting CPU: nowhere to pin.
        BuildVirtioDisk(completionCpu: 1);
        Directory.CreateDirectory(At(VirtioDisk + "/mq/1"));
        Assert.Equal(-1, DiskCompletionCpu.Find(Dir.Path, 254, 0));
    }

    [Fact]
    public void CompletionsOnTwoCpusNameNoCpu()
    {
        BuildVirtioDisk(completionCpu: 1);
        Interrupt(35, affinity: "0", counts: "12,0");
        Assert.Equal(-1, DiskCompletionCpu.Find(Dir.Path, 254, 0));
    }

    [Fact]
    public void AnInterruptSpreadOverSeveralCpusNamesNoCpu()
    {
        BuildVirtioDisk(completionCpu: 1);
        Interrupt(36, affinity: "0-1", counts: "5,7");
        Assert.Equal(-1, DiskCompletionCpu.Find(Dir.Path, 254, 0));
    }

    [Fact]
    public void AnUnknownDeviceOrOneWithoutQueuesNamesNoCpu()
    {
        BuildVirtioDisk(completionCpu: 1);
        Assert.Equal(-1, DiskCompletionCpu.Find(Dir.Path, 8, 0));

        // A device-mapper or overlay device: a block directory with no mq/.
        Directory.CreateDirectory(At("sys/devices/virtual/block/dm-0"));
        Link("sys/dev/block/253:0", "sys/devices/virtual/block/dm-0");
        Assert.Equal(-1, DiskCompletionCpu.Find(Dir.Path, 253, 0));
    }

    [Fact]
    public void AScsiDiskFindsTheInterruptsOfItsHostAdapterSeveralLevelsUp()
    {
        const string adapter = "sys/devices/pci0000:00/0000:00:1f.2";
        SingleQueueDisk("8:0", adapter + "/ata1/host0/target0:0:0/0:0:0:0", "sda");
        Write(adapter + "/msi_irqs/40", "msi");
        Interrupt(40, affinity: "0", counts: "90,0");
        Assert.Equal(0, DiskCompletionCpu.Find(Dir.Path, 8, 0));
    }

    [Fact]
    public void ALegacyInterruptLineIsUsedWhenThereAreNoMessageInterrupts()
    {
        const string adapter = "sys/devices/pci0000:00/0000:00:04.0";
        SingleQueueDisk("8:16", adapter + "/host1", "sdb");
        Write(adapter + "/irq", "11");
        Interrupt(11, affinity: "1", counts: "0,3");
        Assert.Equal(1, DiskCompletionCpu.Find(Dir.Path, 8, 16));
    }

    [Fact]
    public async Task TheWorkerRunsOnTheCpuTheFileSystemNamesAndTheLogStillCommits()
    {
        // Pinning needs Linux and a second CPU to be worth anything; elsewhere the worker stays free.
        int expected = OperatingSystem.IsLinux() && Environment.ProcessorCount > 1 ? 0 : -1;
        var fileSystem = new RecordingFileSystem(new MemoryFileSystem()) { NamedCompletionCpu = 0 };
        var options = new WalOptions { FileSystem = fileSystem, PinFlushWorker = true };
        using (var log = WriteAheadLog.Open("placed.wal", options))
        {
            await log.AppendAsync(new byte[] { 1, 2, 3 });
            Assert.Equal(expected, ((GroupCommitWal)log).FlushWorkerCpu);
            log.Append([4, 5]);
        }

        var records = LogReader.ReadAll("placed.wal", options);
        Assert.Equal([[1, 2, 3], [4, 5]], records.ConvertAll(r => r.Payload));
    }

    [Fact]
    public async Task TheWorkerIsNotPinnedByDefaultWhenTheOptionsSayNoOrWhenNoCpuIsNamed()
    {
        var naming = new RecordingFileSystem(new MemoryFileSystem()) { NamedCompletionCpu = 0 };
        Assert.False(new WalOptions().PinFlushWorker);
        using (var log = WriteAheadLog.Open("default.wal", new WalOptions { FileSystem = naming }))
        {
            await log.AppendAsync(new byte[] { 1 });
            Assert.Equal(-1, ((GroupCommitWal)log).FlushWorkerCpu);
        }

        using (var log = WriteAheadLog.Open("free.wal", new WalOptions { FileSystem = naming, PinFlushWorker = false }))
        {
            await log.AppendAsync(new byte[] { 1 });
            Assert.Equal(-1, ((GroupCommitWal)log).FlushWorkerCpu);
        }

        Assert.Equal(0, naming.CompletionCpuQuestions);
        using (var log = WriteAheadLog.Open("silent.wal", new WalOptions { FileSystem = new MemoryFileSystem(), PinFlushWorker = true }))
        {
            await log.AppendAsync(new byte[] { 1 });
            Assert.Equal(-1, ((GroupCommitWal)log).FlushWorkerCpu);
        }
    }

    [Fact]
    public async Task OnTheRealDiskTheWorkerGoesWhereTheOperatingSystemSays()
    {
        string path = Dir.File("real.wal");
        int named = OsFileSystem.Instance.CompletionCpu(path);
        Assert.InRange(named, -1, Environment.ProcessorCount - 1);
        using var log = WriteAheadLog.Open(path, new WalOptions { PinFlushWorker = true });
        await log.AppendAsync(new byte[] { 9 });
        Assert.Equal(Environment.ProcessorCount > 1 ? named : -1, ((GroupCommitWal)log).FlushWorkerCpu);
    }

    // vda = 254:0 on the PCI device 0000:00:02.0 with one hardware queue and two MSI
    // vectors: 35 (config, silent) and 36 (requests, fired on completionCpu).
    private void BuildVirtioDisk(int completionCpu)
    {
        Directory.CreateDirectory(At(VirtioDisk + "/mq/0"));
        Link(VirtioDisk + "/device", PciDevice + "/virtio1");
        Link("sys/dev/block/254:0", VirtioDisk);
        Write(PciDevice + "/msi_irqs/35", "msix");
        Write(PciDevice + "/msi_irqs/36", "msix");
        Write(PciDevice + "/irq", "0");
        Interrupt(35, affinity: "1", counts: "0,0");
        string counts = completionCpu == 0 ? "812,0" : "0,812";
        Interrupt(36, affinity: completionCpu.ToString(System.Globalization.CultureInfo.InvariantCulture), counts: counts);
    }

    // A block device <name> with one hardware queue under <device>, reachable as sys/dev/block/<majorMinor>.
    private void SingleQueueDisk(string majorMinor, string device, string name)
    {
        string block = device + "/block/" + name;
        Directory.CreateDirectory(At(block + "/mq/0"));
        Link(block + "/device", device);
        Link("sys/dev/block/" + majorMinor, block);
    }

    private void Interrupt(int irq, string affinity, string counts)
    {
        Write($"proc/irq/{irq}/effective_affinity_list", affinity + "\n");
        Write($"sys/kernel/irq/{irq}/per_cpu_count", counts + "\n");
    }

    private string At(string relative) => Path.Combine(Dir.Path, relative);

    private void Write(string relative, string text)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(At(relative))!);
        File.WriteAllText(At(relative), text);
    }

    // A relative link, as sysfs has them.
    private void Link(string relative, string targetRelative)
    {
        string link = At(relative);
        Directory.CreateDirectory(Path.GetDirectoryName(link)!);
        Directory.CreateSymbolicLink(link, Path.GetRelativePath(Path.GetDirectoryName(link)!, At(targetRelative)));
    }
}
